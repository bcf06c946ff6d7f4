import type { Item, ItemDetailResponse, ItemInput } from "@shared/api/items";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries, itemKeys } from "../../../lib/query-keys";

type SaveResult = { item: Item };

export function updateItem(id: string, input: ItemInput): Promise<SaveResult> {
  return apiFetch(`/api/items/${encodeURIComponent(id)}`, { method: "PATCH", json: input });
}

/** Save an edit: the item's page shows the saved version at once, every list is marked stale. */
export function useUpdateItem(
  itemId: string,
  options: Pick<UseMutationOptions<SaveResult, Error, ItemInput>, "onSuccess" | "onError"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: ItemInput) => updateItem(itemId, input),
    onSuccess: (...args) => {
      const [{ item }] = args;
      queryClient.setQueryData<ItemDetailResponse>(itemKeys.detail(item.id), (old) =>
        old ? { ...old, item } : old,
      );
      void invalidateItemQueries(queryClient, item.id);
      return options.onSuccess?.(...args);
    },
  });
}
