import type { CollegeRequestDecision, CollegeRequestsResponse } from "@shared/api/colleges";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminKeys, adminPath, useAdminMutation } from "./admin-api";

/** The 'My college isn't listed' requests waiting for a decision, oldest first. */
export const collegeRequestsQueryOptions = queryOptions({
  queryKey: [...adminKeys.all, "college-requests"] as const,
  queryFn: ({ signal }) => apiFetch<CollegeRequestsResponse>(adminPath("/college-requests"), { signal }),
});

export interface CollegeRequestChoice {
  requestId: string;
  /** 'Merge into {existing}': the directory's college; absent for 'Add'. */
  collegeId?: string;
}

export function decideCollegeRequest({ requestId, collegeId }: CollegeRequestChoice) {
  const id = encodeURIComponent(requestId);
  return collegeId
    ? apiFetch<CollegeRequestDecision>(adminPath(`/college-requests/${id}/merge`), {
        method: "POST",
        json: { collegeId },
      })
    : apiFetch<CollegeRequestDecision>(adminPath(`/college-requests/${id}/add`), { method: "POST" });
}

/** 'Add' or 'Merge into {existing}': the student is given the college and told; 'Add' grows the directory. */
export function useDecideCollegeRequest(config?: MutationConfig<typeof decideCollegeRequest>) {
  return useAdminMutation(decideCollegeRequest, config, [["colleges"]]);
}
