import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { sessionsQueryOptions } from "./get-sessions";

export function signOutSession(id: string): Promise<void> {
  return apiFetch(`/api/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Signs one other device out; the list is asked again whatever the answer (it may be gone already). */
export function useSignOutSession(config: MutationConfig<typeof signOutSession> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: signOutSession,
    onSettled: (...args) => {
      config.onSettled?.(...args);
      return queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
