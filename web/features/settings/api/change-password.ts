import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { sessionsQueryOptions } from "./get-sessions";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function changePassword(change: PasswordChange): Promise<void> {
  return apiFetch("/api/me/password", { method: "POST", json: change });
}

/** Changes the password; the server signs every other device out, so the devices list is asked again. */
export function useChangePassword(config: MutationConfig<typeof changePassword> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changePassword,
    onSuccess: async (...args) => {
      config.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
