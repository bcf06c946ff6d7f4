import type { Message, OfferAction } from "@shared/api/chats";
import { OFFER_STATUS_LABELS } from "@shared/deals-constants";
import { Suspense, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useOfferAnswer } from "../api/offer-actions";

// 'Counter' asks for a price in a dialog, loaded when the seller opens it.
const CounterOfferDialog = lazyWhenOnline(() =>
  import("./counter-offer-dialog").then((module) => ({ default: module.CounterOfferDialog })),
);

const small = `${secondaryButton} min-h-11 px-3 text-sm`;

const ANSWER_LABELS: Record<OfferAction, string> = {
  accept: "Accept",
  decline: "Decline",
  withdraw: "Withdraw",
};

/**
 * An offer's state on its bubble ('Pending', 'Accepted', 'Expired'...) for both members, and the
 * answers the viewer may give while it is pending: the other side accepts or declines it, the seller
 * counters a buyer's offer, the buyer withdraws their own. The server decides in the end.
 */
export function OfferActions({
  message,
  chatId,
  isMine,
  isSeller,
  closedBy = null,
}: {
  message: Message;
  chatId: string;
  isMine: boolean;
  isSeller: boolean;
  /** Why the offer cannot be answered now (sold, reserved for another buyer): said instead of the answers. */
  closedBy?: string | null;
}) {
  const offer = message.offer;
  const answer = useOfferAnswer(chatId);
  const [isCountering, setIsCountering] = useState(false);
  if (!offer) return null;
  const isPending = offer.status === "pending" && Date.parse(offer.expiresAt) > Date.now();
  const status = offer.status === "pending" && !isPending ? "expired" : offer.status;
  // The other side accepts or declines; the buyer withdraws their own offer (not a counter).
  const actions: OfferAction[] = isMine ? (offer.isCounter ? [] : ["withdraw"]) : ["accept", "decline"];
  const canCounter = !isMine && isSeller && !offer.isCounter;
  return (
    <div className="mt-1">
      {status === "closed" ? (
        // Closed by the sale: a sentence, not a state word.
        <p className="text-xs" data-offer-status={status}>
          {offer.isCounter ? "Counter-offer · " : ""}
          {OFFER_STATUS_LABELS.closed}
        </p>
      ) : (
        <p className="text-xs font-semibold tracking-wide uppercase" data-offer-status={status}>
          {offer.isCounter ? "Counter-offer · " : ""}
          {OFFER_STATUS_LABELS[status]}
        </p>
      )}
      {isPending && closedBy ? <p className="mt-1 text-xs">{closedBy}</p> : null}
      {isPending && !closedBy && (actions.length > 0 || canCounter) ? (
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={small}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ offerId: message.id, action })}
            >
              {ANSWER_LABELS[action]}
            </button>
          ))}
          {canCounter ? (
            <button type="button" className={small} onClick={() => setIsCountering(true)}>
              Counter
            </button>
          ) : null}
        </div>
      ) : null}
      {answer.isError ? (
        <Alert tone="error" variant="inline" className="mt-1 text-sm">
          {answer.error instanceof ApiError ? answer.error.message : "Please try again."}
        </Alert>
      ) : null}
      {isCountering ? (
        <Suspense fallback={null}>
          <CounterOfferDialog chatId={chatId} offerId={message.id} onClose={() => setIsCountering(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
