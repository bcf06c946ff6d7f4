import type { Notification, UnreadCounts } from "@shared/api/chats";
import { UNREAD_COUNTS_PATH } from "@shared/page-requests";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { pageResponsesTime, takePageResponse } from "../../../lib/page-responses";

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
  queryFn: ({ signal }) => apiFetch<UnreadCounts>(UNREAD_COUNTS_PATH, { signal }),
  initialData: () => takePageResponse<UnreadCounts>(UNREAD_COUNTS_PATH),
  initialDataUpdatedAt: pageResponsesTime,
  // The live socket keeps this current; a refetch is only needed after a resync.
  staleTime: 5 * 60_000,
});

/**
 * Read and Mark all as read: the list changes at once; then the list and the badges are fetched
 * again, so they are right even while the live connection is down.
 */
export async function showReadInList(queryClient: QueryClient, isMarked: (item: Notification) => boolean) {
  await queryClient.cancelQueries({ queryKey: notificationKeys.list });
  queryClient.setQueryData<{ notifications: Notification[] }>(notificationKeys.list, (list) =>
    list
      ? { notifications: list.notifications.map((item) => (isMarked(item) ? { ...item, read: true } : item)) }
      : list,
  );
}

export function refetchNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
