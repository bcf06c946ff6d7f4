import { BLOCK_LABEL, blockConfirmText } from "@shared/trust-constants";
import type { ReactNode } from "react";
import { useConfirm } from "../ui/confirm-dialog";
import { type BlockTarget, useSetBlocked } from "./api/set-blocked";

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
  const { confirm, confirmDialog } = useConfirm();
  const mutation = useSetBlocked({
    onSuccess: (_answer, { person, isBlocked }) => options.onChanged?.(isBlocked, person),
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
