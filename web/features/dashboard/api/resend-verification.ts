import type { OkResponseSchema } from "@shared/api/auth";
import { LOGIN_ERRORS } from "@shared/validation/messages";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiFetch, NETWORK_ERROR_CODE } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";

type OkResponse = z.infer<typeof OkResponseSchema>;

export function resendVerification(): Promise<OkResponse> {
  return apiFetch<OkResponse>("/api/auth/resend-verification", { method: "POST" });
}

/** Sends the verification mail again; nothing cached changes until the link in it is opened. */
export function useResendVerification(config?: MutationConfig<typeof resendVerification>) {
  return useMutation({ ...config, mutationFn: resendVerification });
}

/** Why the resend failed: the network hint sign-in gives, or the server's own words (e.g. too many). */
export function resendErrorMessage(error: Error): string {
  return error instanceof ApiError && error.code === NETWORK_ERROR_CODE
    ? LOGIN_ERRORS.network
    : error.message;
}
