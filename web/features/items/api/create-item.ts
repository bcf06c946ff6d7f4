import type { Item, ItemInput } from "@shared/api/items";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateItemQueries } from "../../../lib/query-keys";

type SaveResult = { item: Item };

export function createItem(input: ItemInput): Promise<SaveResult> {
  return apiFetch("/api/items", { method: "POST", json: input });
}

/** Post an item for sale; every list it may appear on is marked stale before the caller moves on. */
export function useCreateItem(
  options: Pick<UseMutationOptions<SaveResult, Error, ItemInput>, "onSuccess" | "onError"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createItem,
    onSuccess: (...args) => {
      void invalidateItemQueries(queryClient);
      return options.onSuccess?.(...args);
    },
  });
}
