import type { RecruitmentListResponse } from "@shared/api/recruitment";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { type RecruitmentFilters, recruitmentQueryString } from "../teammates-params";
import { recruitmentKeys } from "./recruitment-keys";

/** GET /api/recruitment-posts: one page of the posts matching the filters. */
export function getRecruitmentPosts(
  filters: RecruitmentFilters,
  signal?: AbortSignal,
): Promise<RecruitmentListResponse> {
  return apiFetch(`/api/recruitment-posts?${recruitmentQueryString(filters)}`, { signal });
}

/** A live change refetches only the page on screen; the last page stays (dimmed) while the next loads. */
export const recruitmentPostsQueryOptions = (filters: RecruitmentFilters) =>
  queryOptions({
    queryKey: recruitmentKeys.list(filters),
    queryFn: ({ signal }) => getRecruitmentPosts(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useRecruitmentPosts(filters: RecruitmentFilters) {
  return useQuery(recruitmentPostsQueryOptions(filters));
}
