import type { IdDecisionBody, IdReview } from "@shared/api/verification";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminKeys, adminPath, useAdminMutation } from "./admin-api";

export const idReviewsQueryOptions = queryOptions({
  queryKey: [...adminKeys.all, "verifications"] as const,
  queryFn: ({ signal }) => apiFetch<{ verifications: IdReview[] }>(adminPath("/verifications"), { signal }),
});

export interface IdDecision extends IdDecisionBody {
  review: IdReview;
}

export function decideIdReview({ review, ...body }: IdDecision): Promise<void> {
  return apiFetch(adminPath(`/verifications/${encodeURIComponent(review.id)}/decision`), {
    method: "POST",
    json: body,
  });
}

/** 'Approve' or 'Reject' with a reason; the student is told, the photo is deleted. */
export function useDecideIdReview(config?: MutationConfig<typeof decideIdReview>) {
  return useAdminMutation(decideIdReview, config);
}
