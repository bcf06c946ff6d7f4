import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { meQueryOptions } from "../../../lib/session";

export function verifyEmail(token: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>("/api/auth/verify-email", { method: "POST", json: { token } });
}

/** Spends the link's token; the signed-in user's emailVerified flag changes on the server. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
