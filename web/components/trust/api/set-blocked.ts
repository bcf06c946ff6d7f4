import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { invalidateBlockQueries } from "../block-queries";

export interface BlockTarget {
  id: string;
  name: string;
}

/** Blocks (PUT) or unblocks (DELETE) a person; the answer says which now holds. */
export function setBlocked({
  person,
  isBlocked,
}: {
  person: BlockTarget;
  isBlocked: boolean;
}): Promise<{ isBlocked: boolean }> {
  return apiFetch(`/api/users/${encodeURIComponent(person.id)}/block`, {
    method: isBlocked ? "PUT" : "DELETE",
  });
}

/** Block or Unblock; answered or not, what the block changes is fetched again. */
export function useSetBlocked(config: MutationConfig<typeof setBlocked> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setBlocked,
    onSettled: () => invalidateBlockQueries(queryClient),
  });
}
