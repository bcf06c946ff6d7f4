import type { Item } from "@shared/api/items";
import type { ProfileResponse } from "@shared/api/profiles";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries, itemKeys, profileKeys } from "../../../lib/query-keys";

function deleteItem(itemId: string): Promise<void> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}`, { method: "DELETE" });
}

/**
 * Delete. The item leaves the seller's grid at once (and their Items Posted count); everything else
 * that listed it is refreshed. `onSuccess` runs first, so a page about the item can leave before
 * its query is marked stale.
 */
export function useDeleteItem(
  item: Pick<Item, "id" | "sellerId">,
  options: Pick<UseMutationOptions<void>, "onMutate" | "onError" | "onSuccess"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => deleteItem(item.id),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      queryClient.setQueryData<ProfileResponse>(profileKeys.detail(item.sellerId), (old) =>
        old
          ? {
              ...old,
              items: old.items.filter((each) => each.id !== item.id),
              profile: {
                ...old.profile,
                counts: { ...old.profile.counts, items: Math.max(0, old.profile.counts.items - 1) },
              },
            }
          : old,
      );
      // Marked stale without a refetch: a later visit asks the server, which answers 404.
      await queryClient.invalidateQueries({ queryKey: itemKeys.detail(item.id), refetchType: "none" });
      await invalidateItemQueries(queryClient, item.id);
    },
  });
}
