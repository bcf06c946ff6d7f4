import type { ItemDetailResponse } from "@shared/api/items";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { deleteItem, itemKeys, markItemSold, setFavourite } from "../api/items-api";

/** Lists, profile grids and dashboard counts change with any of these actions. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return (itemId: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: itemKeys.all,
        // The open detail page is updated by hand; refetching it now would only flicker.
        predicate: (query) => !(query.queryKey[1] === "detail" && query.queryKey[2] === itemId),
      }),
      queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
}

/** The seller's Mark as Sold and Delete, each behind the spec's confirmation. */
export function useOwnerActions(itemId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refreshLists = useRefreshLists();
  const [error, setError] = useState<string | null>(null);
  const detailKey = itemKeys.detail(itemId);

  const markSold = useMutation({
    mutationFn: () => markItemSold(itemId),
    onMutate: () => setError(null),
    onSuccess: async ({ item }) => {
      queryClient.setQueryData<ItemDetailResponse>(detailKey, (old) => (old ? { ...old, item } : old));
      await refreshLists(itemId);
    },
    onError: () => setError(SELL_MESSAGES.markSoldFailed),
  });

  const remove = useMutation({
    mutationFn: () => deleteItem(itemId),
    onMutate: () => setError(null),
    onSuccess: async () => {
      // Replace: Back should not lead to a page that no longer exists.
      navigate("/buy", { replace: true });
      // Marked stale without a refetch: a later visit asks the server, which answers 404.
      await queryClient.invalidateQueries({ queryKey: detailKey, refetchType: "none" });
      await refreshLists(itemId);
    },
    onError: () => setError(SELL_MESSAGES.deleteFailed),
  });

  function handleMarkSold() {
    if (window.confirm(SELL_MESSAGES.markSoldConfirm)) markSold.mutate();
  }

  function handleDelete() {
    if (window.confirm(SELL_MESSAGES.deleteConfirm)) remove.mutate();
  }

  return {
    error,
    isMarkingSold: markSold.isPending,
    isDeleting: remove.isPending,
    handleMarkSold,
    handleDelete,
  };
}

/** The favourite heart: flips at once and quietly flips back if the server refuses. */
export function useFavouriteToggle(itemId: string) {
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
      setError("Could not update your favourites. Please try again.");
    },
    // Anything listing favourites (the profile) reads them fresh next time.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["favourites"] }),
  });

  return { error, setFavourite: (isFavourite: boolean) => toggle.mutate(isFavourite) };
}
