import type { Message, OfferAction } from "@shared/api/chats";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatPath } from "./chats-api";
import { applyOfferState, mergeIntoThread } from "./thread-cache";

const offerPath = (chatId: string, offerId: string) =>
  `${chatPath(chatId)}/offers/${encodeURIComponent(offerId)}`;

/** Accept, Decline (the other side's pending offer) or Withdraw (one's own). */
export function answerOffer(chatId: string, offerId: string, action: OfferAction) {
  return apiFetch<{ message: Message }>(`${offerPath(chatId, offerId)}/${action}`, { method: "POST" });
}

/** The seller's Counter with a price. */
function counterOffer(chatId: string, offerId: string, offerPrice: number) {
  return apiFetch<{ message: Message }>(`${offerPath(chatId, offerId)}/counter`, {
    method: "POST",
    json: { clientId: `c-${crypto.randomUUID()}`, offerPrice },
  });
}

/**
 * Puts the answered offer's new state in the thread at once; the live frames bring the same to the
 * other tabs (offer.updated), and an accept's reservation to the header (deal.updated).
 */
export function useOfferAnswer(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: string; action: OfferAction }) =>
      answerOffer(chatId, offerId, action),
    onSuccess: ({ message }) => {
      if (message.offer) applyOfferState(queryClient, chatId, message.id, message.offer);
    },
  });
}

/** The seller's counter: the new offer joins the thread from the answer, no fetch needed. */
export function useCounterOffer(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, offerPrice }: { offerId: string; offerPrice: number }) =>
      counterOffer(chatId, offerId, offerPrice),
    onSuccess: ({ message }) => mergeIntoThread(queryClient, chatId, message),
  });
}
