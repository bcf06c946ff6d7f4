import type { SecondFactorBody, SecondFactorResponse } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export function completeSecondFactor(body: SecondFactorBody): Promise<SecondFactorResponse> {
  return apiFetch<SecondFactorResponse>("/api/auth/second-factor", { method: "POST", json: body });
}

interface UseCompleteSecondFactorOptions {
  onSuccess: (answer: SecondFactorResponse) => void;
  onError: (error: unknown) => void;
}

/**
 * The administrator's code after the password. The session is stored by the caller: after a
 * setup, the recovery codes must be shown before the app opens.
 */
export function useCompleteSecondFactor({ onSuccess, onError }: UseCompleteSecondFactorOptions) {
  return useMutation({ mutationFn: completeSecondFactor, onSuccess, onError });
}
