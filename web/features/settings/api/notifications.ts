import type { NotificationSettings, NotificationSettingsResponse } from "@shared/api/push";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";

const notificationSettingsKey = ["settings", "notifications"] as const;

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: () => apiFetch<NotificationSettingsResponse>("/api/me/notification-settings"),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

export function saveNotificationSettings(
  changes: Partial<NotificationSettings>,
): Promise<NotificationSettingsResponse> {
  return apiFetch("/api/me/notification-settings", { method: "PATCH", json: changes });
}

export function useSaveNotificationSettings(config: MutationConfig<typeof saveNotificationSettings> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveNotificationSettings,
    onSuccess: (answer, ...rest) => {
      queryClient.setQueryData(notificationSettingsKey, answer);
      return config.onSuccess?.(answer, ...rest);
    },
  });
}

// This device's push subscription: shared with the card that offers pushes (components/push-prompt).
export {
  currentPushState,
  type PushState,
  turnPushOff,
  turnPushOn,
} from "../../../components/push-prompt/api/push-device";
