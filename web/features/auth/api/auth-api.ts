import { apiFetch } from "../../../lib/api";

/**
 * Sends the verification mail again. Only the dashboard's verify-email notice asks for it; it
 * stays here until that notice owns its request (a feature imports no other feature).
 */
export function resendVerification(): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>("/api/auth/resend-verification", { method: "POST" });
}
