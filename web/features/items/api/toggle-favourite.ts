import type { ItemDetailResponse } from "@shared/api/items";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "../../../lib/api";
import { itemKeys } from "../../../lib/query-keys";
import { favouritesKey } from "./get-favourites";

const FAVOURITE_FAILED = "Could not update your favourites. Please try again.";

export function setFavourite(itemId: string, isFavourite: boolean): Promise<void> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}/favourite`, {
    method: isFavourite ? "PUT" : "DELETE",
  });
}

/** The favourite heart: flips at once and quietly flips back if the server refuses. */
export function useToggleFavourite(itemId: string) {
  const queryClient = useQueryClient();
  const detailKey = itemKeys.detail(itemId);
  const [error, setError] = useState<string | null>(null);

  const toggle = useMutation({
    mutationFn: (isFavourite: boolean) => setFavourite(itemId, isFavourite),
    onMutate: async (isFavourite) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey: detailKey });
      const previous = queryClient.getQueryData<ItemDetailResponse>(detailKey);
      queryClient.setQueryData<ItemDetailResponse>(detailKey, (old) => (old ? { ...old, isFavourite } : old));
      return { previous };
    },
    onError: (_error, _isFavourite, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
      setError(FAVOURITE_FAILED);
    },
    // The Saved items page is read again next time it shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });

  return { error, setFavourite: (isFavourite: boolean) => toggle.mutate(isFavourite) };
}
