import type { OkResponseSchema } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";

type OkResponse = z.infer<typeof OkResponseSchema>;

export function resendVerification(): Promise<OkResponse> {
  return apiFetch<OkResponse>("/api/auth/resend-verification", { method: "POST" });
}

/** Sends the verification mail again; nothing cached changes until the link in it is opened. */
export function useResendVerification(config?: MutationConfig<typeof resendVerification>) {
  return useMutation({ ...config, mutationFn: resendVerification });
}
