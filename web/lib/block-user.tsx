import type { BlockedUsersResponse } from "@shared/api/trust";
import { BLOCK_LABEL, blockConfirmText } from "@shared/trust-constants";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useConfirm } from "../components/ui/confirm-dialog";
import { apiFetch } from "./api";
import { blockKeys, invalidateBlockQueries } from "./block-queries";

export const blockedUsersQueryOptions = queryOptions({
  queryKey: blockKeys.all,
  queryFn: () => apiFetch<BlockedUsersResponse>("/api/me/blocks"),
});

function setBlocked(userId: string, isBlocked: boolean): Promise<{ isBlocked: boolean }> {
  return apiFetch(`/api/users/${encodeURIComponent(userId)}/block`, { method: isBlocked ? "PUT" : "DELETE" });
}

export interface BlockTarget {
  id: string;
  name: string;
}

/**
 * Block (after the confirmation 'Block {name}? ...') and Unblock, for a profile, a chat's menu and
 * Settings. Render `confirmDialog` in the caller's tree.
 */
export function useBlockUser(
  options: { onChanged?: (isBlocked: boolean, person: BlockTarget) => void } = {},
): {
  block: (person: BlockTarget) => Promise<void>;
  unblock: (person: BlockTarget) => void;
  isPending: boolean;
  error: Error | null;
  confirmDialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const { confirm, confirmDialog } = useConfirm();
  const mutation = useMutation({
    mutationFn: ({ person, isBlocked }: { person: BlockTarget; isBlocked: boolean }) =>
      setBlocked(person.id, isBlocked),
    onSuccess: (_answer, { person, isBlocked }) => options.onChanged?.(isBlocked, person),
    onSettled: () => invalidateBlockQueries(queryClient),
  });
  return {
    block: async (person) => {
      const isConfirmed = await confirm({
        title: `${BLOCK_LABEL} ${person.name}`,
        message: blockConfirmText(person.name),
        confirmLabel: BLOCK_LABEL,
        destructive: true,
      });
      if (isConfirmed && !mutation.isPending) mutation.mutate({ person, isBlocked: true });
    },
    unblock: (person) => {
      if (!mutation.isPending) mutation.mutate({ person, isBlocked: false });
    },
    isPending: mutation.isPending,
    error: mutation.error,
    confirmDialog,
  };
}
