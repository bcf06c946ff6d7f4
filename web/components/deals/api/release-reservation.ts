import type { Item, ItemDetailResponse } from "@shared/api/items";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries, itemKeys } from "../../../lib/query-keys";

/** 'Release Reservation': the item is available again, and its buyer is told. */
export function useReleaseReservation(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ item: Item }>(`/api/items/${encodeURIComponent(itemId)}/release`, { method: "POST" }),
    onSuccess: ({ item }) => {
      queryClient.setQueryData<ItemDetailResponse>(itemKeys.detail(item.id), (old) =>
        old ? { ...old, item } : old,
      );
      return invalidateItemQueries(queryClient, item.id);
    },
  });
}
