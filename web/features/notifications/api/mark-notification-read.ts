import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { refetchNotifications, showReadInList } from "./notifications-api";

export function markNotificationRead(id: string): Promise<void> {
  return apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

/**
 * Read on a row (one notification, or a chat's grouped ones): shown read at once, then the list
 * and the badges are fetched again.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => Promise.all(ids.map(markNotificationRead)),
    onMutate: (ids) => showReadInList(queryClient, (item) => ids.includes(item.id)),
    onError: (error) => console.warn("Could not mark the notification read", error),
    onSettled: () => refetchNotifications(queryClient),
  });
}
