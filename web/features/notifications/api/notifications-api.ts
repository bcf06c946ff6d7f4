import type { Notification, UnreadCounts } from "@shared/api/chats";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  counts: ["notifications", "counts"] as const,
};

export const notificationListQueryOptions = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => apiFetch<{ notifications: Notification[] }>("/api/notifications", { signal }),
});

export const unreadCountsQueryOptions = queryOptions({
  queryKey: notificationKeys.counts,
  queryFn: ({ signal }) => apiFetch<UnreadCounts>("/api/notifications/counts", { signal }),
  // The live socket keeps this current; a refetch is only needed after a resync.
  staleTime: 5 * 60_000,
});

export function markNotificationRead(id: string): Promise<void> {
  return apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

export function markAllNotificationsRead(): Promise<void> {
  return apiFetch("/api/notifications/read-all", { method: "POST" });
}
