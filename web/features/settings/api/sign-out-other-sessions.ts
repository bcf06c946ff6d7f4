import type { EndedSessionsResponse } from "@shared/api/sessions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { sessionsQueryOptions } from "./list-sessions";

export function signOutOtherSessions(): Promise<EndedSessionsResponse> {
  return apiFetch("/api/me/sessions", { method: "DELETE" });
}

/** Signs out every device but this one, then asks for the list again. */
export function useSignOutOtherSessions(options: {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: options.onSuccess,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
