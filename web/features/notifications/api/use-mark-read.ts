import type { Notification } from "@shared/api/chats";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { markAllNotificationsRead, markNotificationRead, notificationKeys } from "./notifications-api";

type Scope = { id: string } | { all: true };

/**
 * Read and Mark all as read: the list changes at once; then the list and the badges are fetched
 * again, so they are right even while the live connection is down.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: Scope) =>
      "id" in scope ? markNotificationRead(scope.id) : markAllNotificationsRead(),
    onMutate: async (scope) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      queryClient.setQueryData<{ notifications: Notification[] }>(notificationKeys.list, (list) =>
        list
          ? {
              notifications: list.notifications.map((item) =>
                "all" in scope || item.id === scope.id ? { ...item, read: true } : item,
              ),
            }
          : list,
      );
    },
    onError: (error) => console.warn("Could not mark notifications read", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
