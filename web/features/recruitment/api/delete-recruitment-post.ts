import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { recruitmentKeys } from "./recruitment-keys";
import { recruitmentPostPath } from "./recruitment-post-path";

export function deleteRecruitmentPost(id: string): Promise<void> {
  return apiFetch(recruitmentPostPath(id), { method: "DELETE" });
}

/** Deletes a post (the server refuses anyone but its owner); every list is fetched again. */
export function useDeleteRecruitmentPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecruitmentPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recruitmentKeys.all }),
    // The spec only logs this failure; the card shows a short note as well.
    onError: (error) => console.warn("Could not delete the recruitment post", error),
  });
}
