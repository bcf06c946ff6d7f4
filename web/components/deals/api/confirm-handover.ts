import type { Item, ItemDetailResponse } from "@shared/api/items";
import type { HandoverBody } from "@shared/api/pickup";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries, itemKeys } from "../../../lib/query-keys";

/**
 * 'Confirm handover': the seller sends the code the buyer shows; the right one sells the item to
 * that buyer. The item's page shows the answer at once; its other views are refreshed.
 */
export function useConfirmHandover(itemId: string, { onConfirmed }: { onConfirmed?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HandoverBody) =>
      apiFetch<{ item: Item }>(`/api/items/${encodeURIComponent(itemId)}/handover`, {
        method: "POST",
        json: body,
      }),
    onSuccess: async ({ item }) => {
      queryClient.setQueryData<ItemDetailResponse>(itemKeys.detail(item.id), (old) =>
        old ? { ...old, item } : old,
      );
      await Promise.all([invalidateItemQueries(queryClient, item.id), onConfirmed?.()]);
    },
  });
}
