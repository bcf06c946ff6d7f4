import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { refetchNotifications, showReadInList } from "./notifications-api";

export function markAllNotificationsRead(): Promise<void> {
  return apiFetch("/api/notifications/read-all", { method: "POST" });
}

/** Mark all as read: every notification shown read at once, then the list and the badges are fetched again. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => showReadInList(queryClient, () => true),
    onError: (error) => console.warn("Could not mark notifications read", error),
    onSettled: () => refetchNotifications(queryClient),
  });
}
