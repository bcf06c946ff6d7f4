import type { Message, OfferAction, ThreadResponse } from "@shared/api/chats";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatKeys, chatPath } from "./chats-api";

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

/** Puts the answered offer's new state in the thread at once (the live event brings the rest). */
export function useOfferAnswer(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: string; action: OfferAction }) =>
      answerOffer(chatId, offerId, action),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<ThreadResponse>(chatKeys.thread(chatId), (thread) =>
        thread
          ? { ...thread, messages: thread.messages.map((m) => (m.id === message.id ? message : m)) }
          : thread,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(chatId) });
    },
  });
}

/** 'Send Counter': the counter-offer joins the thread, which is fetched again with it. */
export function useCounterOffer(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, offerPrice }: { offerId: string; offerPrice: number }) =>
      counterOffer(chatId, offerId, offerPrice),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(chatId) });
    },
  });
}
