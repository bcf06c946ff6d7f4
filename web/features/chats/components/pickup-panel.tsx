import type { ChatSummary } from "@shared/api/chats";
import { PICKUP_TEXTS } from "@shared/pickup-constants";
import { Suspense, useState } from "react";
import { PickupCodeCard } from "../../../components/deals/pickup-code-card";
import { secondaryButton } from "../../../components/ui/button-styles";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// 'Confirm handover' loads when the seller opens it.
const ConfirmHandoverDialog = lazyWhenOnline(() =>
  import("../../../components/deals/confirm-handover-dialog").then((module) => ({
    default: module.ConfirmHandoverDialog,
  })),
);

/**
 * While the item is reserved for this chat's buyer: the buyer's pickup code, or the seller's
 * 'Confirm handover'. The server decides who may read the code and who may confirm; this only
 * chooses which one to offer. `onHandedOver` refreshes the thread, which then asks to rate.
 */
export function PickupPanel({ chat, onHandedOver }: { chat: ChatSummary; onHandedOver: () => unknown }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { item, itemId } = chat;
  if (chat.kind !== "item" || !itemId || item?.status !== "reserved" || !item.isDealWithThisChat) return null;
  if (chat.tab === "buying") return <PickupCodeCard itemId={itemId} />;
  if (chat.tab !== "selling") return null;
  return (
    <div className="flex shrink-0 items-center justify-between gap-2 border-t border-indigo-200 bg-indigo-50 px-3 py-2">
      <p className="min-w-0 text-sm text-indigo-950">{PICKUP_TEXTS.sellerPrompt(chat.counterpart.name)}</p>
      <button type="button" onClick={() => setIsConfirming(true)} className={`${secondaryButton} shrink-0`}>
        {PICKUP_TEXTS.confirmHandover}
      </button>
      {isConfirming ? (
        <Suspense fallback={null}>
          <ConfirmHandoverDialog
            itemId={itemId}
            buyerName={chat.counterpart.name}
            onConfirmed={onHandedOver}
            onClose={() => setIsConfirming(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
