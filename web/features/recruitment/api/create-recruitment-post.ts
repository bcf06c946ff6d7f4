import type { RecruitmentInput, RecruitmentPost } from "@shared/api/recruitment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { recruitmentKeys } from "./recruitment-keys";

export function createRecruitmentPost(input: RecruitmentInput): Promise<{ post: RecruitmentPost }> {
  return apiFetch("/api/recruitment-posts", { method: "POST", json: input });
}

/** Posts a new recruitment post; every list is fetched again before `onSuccess` runs. */
export function useCreateRecruitmentPost({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecruitmentPost,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
      onSuccess?.();
    },
    // The spec only logs this failure; the form shows a short note as well.
    onError: (error) => console.warn("Could not save the recruitment post", error),
  });
}
