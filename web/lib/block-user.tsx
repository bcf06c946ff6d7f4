import type { BlockedUsersResponse } from "@shared/api/trust";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useConfirm } from "../components/ui/confirm-dialog";
import { apiFetch } from "./api";
import { dashboardKeys, itemKeys, profileKeys } from "./query-keys";

/** The blocked-users list of Settings; a block from a profile or a chat refreshes it. */
export const blockKeys = { all: ["blocks"] as const };

/** Every chat query starts with "chats" (the chats feature's keys). */
const CHATS_KEY = ["chats"] as const;

export const blockedUsersQueryOptions = queryOptions({
  queryKey: blockKeys.all,
  queryFn: () => apiFetch<BlockedUsersResponse>("/api/me/blocks"),
});

function setBlocked(userId: string, isBlocked: boolean): Promise<{ isBlocked: boolean }> {
  return apiFetch(`/api/users/${encodeURIComponent(userId)}/block`, { method: isBlocked ? "PUT" : "DELETE" });
}

/**
 * After a block began or ended (here, or live from the other side): the chats with them (who may
 * send), the listings (theirs appear or vanish), the profiles and the blocked-users list.
 */
export function invalidateBlockQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: blockKeys.all }),
  ]);
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
        title: `${BLOCK_MESSAGES.block} ${person.name}`,
        message: BLOCK_MESSAGES.confirm(person.name),
        confirmLabel: BLOCK_MESSAGES.block,
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
