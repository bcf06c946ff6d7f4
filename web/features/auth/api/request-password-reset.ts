import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export function requestPasswordReset(email: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>("/api/auth/forgot-password", { method: "POST", json: { email } });
}

/** Asks for the reset mail; the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset({ onError }: { onError: (error: unknown) => void }) {
  return useMutation({ mutationFn: requestPasswordReset, onError });
}
