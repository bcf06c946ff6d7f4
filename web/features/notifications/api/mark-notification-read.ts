import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { refetchNotifications, showReadInList } from "./notifications-api";

export function markNotificationRead(id: string): Promise<void> {
  return apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

/** Read on one notification: shown read at once, then the list and the badges are fetched again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => showReadInList(queryClient, (item) => item.id === id),
    onError: (error) => console.warn("Could not mark the notification read", error),
    onSettled: () => refetchNotifications(queryClient),
  });
}
