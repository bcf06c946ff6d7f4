import { useQuery } from "@tanstack/react-query";
import { unreadCountsQueryOptions } from "./api/notifications-api";

export interface UnreadCounts {
  /** Every unread notification: the bell's badge. */
  notifications: number;
  /** Unread notifications of type message: the messages icon's badge. */
  messages: number;
}

/**
 * The navigation badges, from GET /api/notifications/counts; the live socket writes each new
 * count into the same cache, so they change on every page without a reload. Zero until known.
 */
export function useUnreadCounts(): UnreadCounts {
  const { data } = useQuery(unreadCountsQueryOptions);
  return { notifications: data?.unread ?? 0, messages: data?.unreadMessages ?? 0 };
}
