import type { CreateAppealBody, CreateAppealResponse } from "@shared/api/appeals";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export function sendAppeal(body: CreateAppealBody): Promise<CreateAppealResponse> {
  return apiFetch<CreateAppealResponse>("/api/appeals", { method: "POST", json: body });
}

/** A suspended student's appeal, sent with the token of the refused sign-in (no session). */
export function useSendAppeal({ onError }: { onError: (error: unknown) => void }) {
  return useMutation({ mutationFn: sendAppeal, onError });
}
