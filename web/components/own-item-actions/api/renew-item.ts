import type { Item, ItemDetailResponse } from "@shared/api/items";
import type { ProfileResponse } from "@shared/api/profiles";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries, itemKeys, profileKeys } from "../../../lib/query-keys";

type RenewResult = { item: Item };

/**
 * 'Renew': the listing is back on the marketplace as fresh for 30 days. Its page and the seller's
 * grid show the answer at once; browse and the rest are refreshed.
 */
export function useRenewItem(
  itemId: string,
  options: Pick<UseMutationOptions<RenewResult>, "onMutate" | "onError"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (): Promise<RenewResult> =>
      apiFetch(`/api/items/${encodeURIComponent(itemId)}/renew`, { method: "POST" }),
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

/** Offered when the listing lapsed, or lapses within 3 days. */
export function isRenewable(item: Pick<Item, "abilities" | "isExpired" | "expiresAt">): boolean {
  if (!item.abilities.canRenew) return false;
  return item.isExpired || new Date(item.expiresAt).getTime() - Date.now() <= 3 * 24 * 60 * 60 * 1000;
}
