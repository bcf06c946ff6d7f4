import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export function resetPassword(body: { token: string; password: string }): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>("/api/auth/reset-password", { method: "POST", json: body });
}

/** Sets a new password with the mail's token; the person then signs in afresh. */
export function useResetPassword({ onError }: { onError: (error: unknown) => void }) {
  return useMutation({ mutationFn: resetPassword, onError });
}
