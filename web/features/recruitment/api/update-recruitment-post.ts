import type { RecruitmentInput, RecruitmentPost } from "@shared/api/recruitment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { recruitmentKeys } from "./recruitment-keys";
import { recruitmentPostPath } from "./recruitment-post-path";

export function updateRecruitmentPost(
  id: string,
  input: RecruitmentInput,
): Promise<{ post: RecruitmentPost }> {
  return apiFetch(recruitmentPostPath(id), { method: "PATCH", json: input });
}

/** Saves the owner's changes to a post; every list is fetched again before `onSuccess` runs. */
export function useUpdateRecruitmentPost({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RecruitmentInput }) => updateRecruitmentPost(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
      onSuccess?.();
    },
    // The spec only logs this failure; the form shows a short note as well.
    onError: (error) => console.warn("Could not save the recruitment post", error),
  });
}
