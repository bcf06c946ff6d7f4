import type { ItemBuyersResponse } from "@shared/api/deals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** GET /api/items/:id/buyers: who wrote or made an offer about the item, the reserved buyer first. */
export function getItemBuyers(itemId: string, signal?: AbortSignal): Promise<ItemBuyersResponse> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}/buyers`, { signal });
}

export const itemBuyersQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: ["items", "buyers", itemId],
    queryFn: ({ signal }) => getItemBuyers(itemId, signal),
    // Asked when the seller marks the item sold: whoever wrote a minute ago is on the list.
    staleTime: 0,
  });

export function useItemBuyers(itemId: string) {
  return useQuery(itemBuyersQueryOptions(itemId));
}
