import type { ChatSummary } from "@shared/api/chats";
import type { RecruitmentInput, RecruitmentListResponse, RecruitmentPost } from "@shared/api/recruitment";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { type RecruitmentFilters, recruitmentQueryString } from "../teammates-params";
import { recruitmentKeys } from "./recruitment-keys";

export type { RecruitmentListResponse };

/** One page of the posts matching the filters; a live change refetches only the page on screen. */
export const recruitmentPostsQueryOptions = (filters: RecruitmentFilters) =>
  queryOptions({
    queryKey: recruitmentKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<RecruitmentListResponse>(`/api/recruitment-posts?${recruitmentQueryString(filters)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const postPath = (id: string) => `/api/recruitment-posts/${encodeURIComponent(id)}`;

export function createRecruitmentPost(input: RecruitmentInput): Promise<{ post: RecruitmentPost }> {
  return apiFetch("/api/recruitment-posts", { method: "POST", json: input });
}

export function updateRecruitmentPost(
  id: string,
  input: RecruitmentInput,
): Promise<{ post: RecruitmentPost }> {
  return apiFetch(postPath(id), { method: "PATCH", json: input });
}

export function deleteRecruitmentPost(id: string): Promise<void> {
  return apiFetch(postPath(id), { method: "DELETE" });
}

/** Opens the recruitment chat with the post's recruiter; the first time it also sends the inquiry. */
export function messageRecruiter(id: string, clientId: string): Promise<{ chat: ChatSummary }> {
  return apiFetch(`${postPath(id)}/message`, { method: "POST", json: { clientId } });
}
