import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

export function deleteRecruitmentPost(id: string): Promise<void> {
  return apiFetch(adminPath(`/recruitment-posts/${encodeURIComponent(id)}`), { method: "DELETE" });
}

/** Deletes a recruitment post (the server notifies the recruiter); the teammates page's lists change too. */
export function useDeleteRecruitmentPost(config?: MutationConfig<typeof deleteRecruitmentPost>) {
  return useAdminMutation(deleteRecruitmentPost, config, [["recruitment"]]);
}
