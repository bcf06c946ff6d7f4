import type { Item, ItemDetailResponse } from "@shared/api/items";
import type { ProfileResponse } from "@shared/api/profiles";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries, itemKeys, profileKeys } from "../../../lib/query-keys";

type MarkSoldResult = { item: Item };

/** buyerId: who bought it (one of the people who chatted about it), or null for 'Someone else'. */
function markItemSold(itemId: string, buyerId: string | null): Promise<MarkSoldResult> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}/sold`, { method: "POST", json: { buyerId } });
}

/**
 * Mark as Sold. The item's page and the seller's grid show the server's answer at once; browse,
 * other grids and the dashboard are refreshed, as the item left (or changed on) all of them.
 */
export function useMarkItemSold(
  itemId: string,
  options: Pick<UseMutationOptions<MarkSoldResult, Error, string | null>, "onMutate" | "onError"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (buyerId: string | null) => markItemSold(itemId, buyerId),
    onSuccess: ({ item }) => {
      queryClient.setQueryData<ItemDetailResponse>(itemKeys.detail(item.id), (old) =>
        old ? { ...old, item } : old,
      );
      queryClient.setQueryData<ProfileResponse>(profileKeys.detail(item.sellerId), (old) =>
        old ? { ...old, items: old.items.map((each) => (each.id === item.id ? item : each)) } : old,
      );
      return invalidateItemQueries(queryClient, item.id);
    },
  });
}
