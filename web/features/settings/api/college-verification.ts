import type { CollegeVerification } from "@shared/api/verification";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";

type VerificationAnswer = { verification: CollegeVerification };

const verificationKey = ["settings", "college-verification"] as const;

export const collegeVerificationQueryOptions = queryOptions({
  queryKey: verificationKey,
  queryFn: () => apiFetch<VerificationAnswer>("/api/me/college-verification"),
});

export function useCollegeVerification() {
  return useQuery(collegeVerificationQueryOptions);
}

export function sendCollegeCode(email: string): Promise<{ expiresAt: string }> {
  return apiFetch("/api/me/college-verification/code", { method: "POST", json: { email } });
}

/** Mails a 6-digit code to a college address; the server checks the domain and the limits. */
export function useSendCollegeCode(config: MutationConfig<typeof sendCollegeCode> = {}) {
  return useMutation({ ...config, mutationFn: sendCollegeCode });
}

export function confirmCollegeCode(code: string): Promise<VerificationAnswer> {
  return apiFetch("/api/me/college-verification/confirm", { method: "POST", json: { code } });
}

/** The code's answer is the new state. */
export function useConfirmCollegeCode(config: MutationConfig<typeof confirmCollegeCode> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: confirmCollegeCode,
    onSuccess: async (answer, ...rest) => {
      queryClient.setQueryData(verificationKey, answer);
      await config.onSuccess?.(answer, ...rest);
    },
  });
}

export function sendIdCard(file: File): Promise<VerificationAnswer> {
  const form = new FormData();
  form.append("file", file);
  return apiFetch("/api/me/college-verification/id-card", { method: "POST", body: form });
}

/** Sends one photo of the student ID for the administrator's review. */
export function useSendIdCard(config: MutationConfig<typeof sendIdCard> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendIdCard,
    onSuccess: async (answer, ...rest) => {
      queryClient.setQueryData(verificationKey, answer);
      await config.onSuccess?.(answer, ...rest);
    },
  });
}
