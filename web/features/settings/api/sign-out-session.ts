import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { sessionsQueryOptions } from "./list-sessions";

export function signOutSession(id: string): Promise<void> {
  return apiFetch(`/api/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Signs one other device out; the list is asked again whatever the answer (it may be gone already). */
export function useSignOutSession(options: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSuccess: options.onSuccess,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
