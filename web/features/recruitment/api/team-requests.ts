import type { TeamRequest } from "@shared/api/recruitment";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isConnectionFailure, OFFLINE_REFUSAL } from "../../../components/ui/offline-refusal";
import { ApiError, apiFetch } from "../../../lib/api";
import { recruitmentKeys } from "./recruitment-keys";
import { recruitmentPostPath } from "./recruitment-post-path";

export type RequestAnswer = "accept" | "decline" | "remove" | "cancel" | "leave";

/** A refused or failed team request's words: the server's, plain ones for a failure, or offline's. */
export const requestFailure = (error: unknown) =>
  isConnectionFailure(error)
    ? OFFLINE_REFUSAL
    : error instanceof ApiError
      ? error.message
      : "Something went wrong. Please try again.";

const requestsKey = (postId: string) => [...recruitmentKeys.all, "requests", postId] as const;

/** GET the post's pending requests and members (the recruiter only). */
export function useTeamRequests(postId: string) {
  return useQuery({
    queryKey: requestsKey(postId),
    queryFn: ({ signal }) =>
      apiFetch<{ requests: TeamRequest[] }>(`${recruitmentPostPath(postId)}/requests`, { signal }),
  });
}

/** 'Request to Join' with a note; every list is fetched again. */
export function useRequestToJoin(postId: string, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiFetch<{ request: TeamRequest }>(`${recruitmentPostPath(postId)}/requests`, {
        method: "POST",
        json: { note },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
      onSuccess();
    },
  });
}

/** Accept, Decline, Remove (the recruiter), or Cancel Request and Leave Team (the requester). */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: RequestAnswer }) =>
      apiFetch<{ request: TeamRequest }>(
        answer === "cancel"
          ? `/api/team-requests/${encodeURIComponent(id)}`
          : `/api/team-requests/${encodeURIComponent(id)}/${answer}`,
        { method: answer === "cancel" ? "DELETE" : "POST" },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recruitmentKeys.all }),
  });
}
