import type { ItemDetailResponse } from "@shared/api/items";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { OFFLINE_REFUSAL, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { apiFetch } from "../../../lib/api";
import { itemKeys } from "../../../lib/query-keys";
import { favouritesKey } from "./get-favourites";

const FAVOURITE_FAILED = "Could not update your favourites. Please try again.";

export function setFavourite(itemId: string, isFavourite: boolean): Promise<void> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}/favourite`, {
    method: isFavourite ? "PUT" : "DELETE",
  });
}

/**
 * The favourite heart: flips at once and flips back with a message if the server refuses; offline
 * it does not flip, and says so.
 */
export function useToggleFavourite(itemId: string) {
  const queryClient = useQueryClient();
  const detailKey = itemKeys.detail(itemId);
  const [error, setError] = useState<string | null>(null);
  const refusal = useOfflineRefusal();

  const toggle = useMutation({
    mutationFn: (isFavourite: boolean) => setFavourite(itemId, isFavourite),
    onMutate: async (isFavourite) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey: detailKey });
      const previous = queryClient.getQueryData<ItemDetailResponse>(detailKey);
      queryClient.setQueryData<ItemDetailResponse>(detailKey, (old) => (old ? { ...old, isFavourite } : old));
      return { previous };
    },
    onError: (failure, _isFavourite, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
      if (!refusal.noteFailure(failure)) setError(FAVOURITE_FAILED);
    },
    // The Saved items page is read again next time it shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });

  return {
    error,
    /** Tried offline: nothing changed, and the page says so beside the heart. */
    isRefused: refusal.isRefused,
    setFavourite: (isFavourite: boolean) => refusal.attempt(() => toggle.mutate(isFavourite)),
  };
}

/**
 * A card's heart: starts from what the page said (`isFavourite`), flips at once, and flips back
 * with a message if the server refuses (offline, it says so). The item page and Saved items read
 * theirs again.
 */
export function useCardFavourite(itemId: string, initial: boolean) {
  const queryClient = useQueryClient();
  const [isFavourite, setIsFavourite] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const refusal = useOfflineRefusal();
  const toggle = useMutation({
    mutationFn: (next: boolean) => setFavourite(itemId, next),
    onMutate: (next) => {
      setError(null);
      setIsFavourite(next);
    },
    onError: (failure, next) => {
      setIsFavourite(!next);
      if (!refusal.noteFailure(failure)) setError(FAVOURITE_FAILED);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: favouritesKey });
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) });
    },
  });
  return {
    isFavourite,
    error: refusal.isRefused ? OFFLINE_REFUSAL : error,
    toggle: () => refusal.attempt(() => toggle.mutate(!isFavourite)),
  };
}
