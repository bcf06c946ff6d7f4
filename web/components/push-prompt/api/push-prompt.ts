import type { PushPromptAnswerBody, PushPromptResponse } from "@shared/api/push";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

const pushPromptKey = ["settings", "push-prompt"] as const;

/** Whether the card offering pushes may show now; the server keeps it per student, for every device. */
export const pushPromptQueryOptions = queryOptions({
  queryKey: pushPromptKey,
  queryFn: ({ signal }) => apiFetch<PushPromptResponse>("/api/me/push-prompt", { signal }),
  staleTime: 0,
});

export function answerPushPrompt(body: PushPromptAnswerBody): Promise<PushPromptResponse> {
  return apiFetch("/api/me/push-prompt", { method: "POST", json: body });
}

/** 'Not now' or 'Turn on' on the card; the answer is the card's new state. */
export function useAnswerPushPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPushPrompt,
    onSuccess: (answer) => queryClient.setQueryData(pushPromptKey, answer),
    onError: (failure) => console.warn("The answer to the notifications card was not saved", failure),
  });
}
