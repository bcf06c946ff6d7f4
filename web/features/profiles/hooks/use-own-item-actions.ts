import type { ProfileResponse } from "@shared/api/profiles";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { deleteItem, itemKeys, markItemSold } from "../../items/api/items-api";
import { profileKeys } from "../api/profiles-api";

/**
 * Mark as Sold and Delete on one card of My Posted Items, each behind the spec's confirmation.
 * The grid changes at once from the server's answer; browse, item pages and the dashboard are
 * refreshed because the item left (or changed on) all of them.
 */
export function useOwnItemActions(ownerId: string, itemId: string) {
  const queryClient = useQueryClient();
  const profileKey = profileKeys.detail(ownerId);
  const [error, setError] = useState<string | null>(null);

  const refreshOthers = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: itemKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
      queryClient.invalidateQueries({ queryKey: profileKey }),
    ]);

  const markSold = useMutation({
    mutationFn: () => markItemSold(itemId),
    onMutate: () => setError(null),
    onSuccess: async ({ item }) => {
      queryClient.setQueryData<ProfileResponse>(profileKey, (old) =>
        old ? { ...old, items: old.items.map((each) => (each.id === item.id ? item : each)) } : old,
      );
      await refreshOthers();
    },
    onError: () => setError(SELL_MESSAGES.markSoldFailed),
  });

  const remove = useMutation({
    mutationFn: () => deleteItem(itemId),
    onMutate: () => setError(null),
    onSuccess: async () => {
      queryClient.setQueryData<ProfileResponse>(profileKey, (old) =>
        old
          ? {
              ...old,
              items: old.items.filter((each) => each.id !== itemId),
              profile: {
                ...old.profile,
                counts: { ...old.profile.counts, items: Math.max(0, old.profile.counts.items - 1) },
              },
            }
          : old,
      );
      await refreshOthers();
    },
    onError: () => setError(SELL_MESSAGES.deleteFailed),
  });

  return {
    error,
    isMarkingSold: markSold.isPending,
    isDeleting: remove.isPending,
    handleMarkSold: () => {
      if (window.confirm(SELL_MESSAGES.markSoldConfirm)) markSold.mutate();
    },
    handleDelete: () => {
      if (window.confirm(SELL_MESSAGES.deleteConfirm)) remove.mutate();
    },
  };
}
