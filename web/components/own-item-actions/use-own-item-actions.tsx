import type { Item } from "@shared/api/items";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { Suspense, useState } from "react";
import { lazyWhenOnline } from "../../lib/import-when-online";
import { useMarkItemSold } from "../deals/api/mark-item-sold";
import { useConfirm } from "../ui/confirm-dialog";
import { useDeleteItem } from "./api/delete-item";
import { useRenewItem } from "./api/renew-item";

// 'Mark as Sold' with 'Who bought it?', one dialog, loads when it is opened.
const WhoBoughtDialog = lazyWhenOnline(() =>
  import("../deals/who-bought-dialog").then((module) => ({ default: module.WhoBoughtDialog })),
);

/**
 * The seller's Mark as Sold (one dialog: the spec's question with 'Who bought it?') and Delete
 * (behind the spec's confirmation), with one error line for whichever failed. Used on the item's
 * page and on the seller's profile grid; render `confirmDialog` beside the buttons.
 */
export function useOwnItemActions(
  item: Pick<Item, "id" | "sellerId">,
  options: { onDeleted?: () => void } = {},
) {
  const [error, setError] = useState<string | null>(null);
  const [isAskingBuyer, setIsAskingBuyer] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const markSold = useMarkItemSold(item.id, {
    onMutate: () => setError(null),
    onError: () => setError(SELL_MESSAGES.markSoldFailed),
  });
  const renew = useRenewItem(item.id, {
    onMutate: () => setError(null),
    onError: (failure) => setError(failure instanceof Error ? failure.message : SELL_MESSAGES.submitFailed),
  });
  const remove = useDeleteItem(item, {
    onMutate: () => setError(null),
    onSuccess: options.onDeleted,
    onError: () => setError(SELL_MESSAGES.deleteFailed),
  });

  function handleMarkSold() {
    setIsAskingBuyer(true);
  }

  async function handleDelete() {
    if (await confirm({ message: SELL_MESSAGES.deleteConfirm, confirmLabel: "Delete", destructive: true })) {
      remove.mutate();
    }
  }

  const buyerDialog = isAskingBuyer ? (
    <Suspense fallback={null}>
      <WhoBoughtDialog
        itemId={item.id}
        onChoose={(buyerId) => {
          setIsAskingBuyer(false);
          markSold.mutate(buyerId);
        }}
        onClose={() => setIsAskingBuyer(false)}
      />
    </Suspense>
  ) : null;

  return {
    error,
    confirmDialog: (
      <>
        {confirmDialog}
        {buyerDialog}
      </>
    ),
    isMarkingSold: markSold.isPending,
    isDeleting: remove.isPending,
    isRenewing: renew.isPending,
    isBusy: markSold.isPending || remove.isPending || renew.isPending,
    handleRenew: () => renew.mutate(),
    handleMarkSold,
    handleDelete,
  };
}
