import type { EndedSessionsResponse } from "@shared/api/sessions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { sessionsQueryOptions } from "./get-sessions";

export function signOutOtherSessions(): Promise<EndedSessionsResponse> {
  return apiFetch("/api/me/sessions", { method: "DELETE" });
}

/** Signs out every device but this one, then asks for the list again. */
export function useSignOutOtherSessions(config: MutationConfig<typeof signOutOtherSessions> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: signOutOtherSessions,
    onSettled: (...args) => {
      config.onSettled?.(...args);
      return queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
