import type { Item } from "@shared/api/items";
import { useRef, useTransition } from "react";
import { useNavigate } from "react-router";
import { useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { useStartChat } from "../api/start-chat";

export interface ContactSeller {
  /** True while the chat is being opened and the messages page loads ("Connecting..."). */
  isConnecting: boolean;
  isError: boolean;
  /** Tried offline: refused, and says so (instead of the error). */
  isRefused: boolean;
  start: () => void;
  /** 'Make Offer': the same chat, with the offer input ready. */
  startOffer: () => void;
}

/**
 * The item page's Contact Seller: opens (or creates) the chat with the seller and goes to it. One
 * per page, shared by the Contact Seller section and the phone's sticky bar.
 */
export function useContactSeller(item: Item): ContactSeller {
  const navigate = useNavigate();
  // The transition keeps "Connecting..." on screen while the messages page loads.
  const [isNavigating, startTransition] = useTransition();
  const withOffer = useRef(false);
  const refusal = useOfflineRefusal();
  const openChat = useStartChat(item.sellerId, item.id, {
    onSuccess: ({ chat }) =>
      startTransition(() =>
        navigate(`/messages?chatId=${encodeURIComponent(chat.id)}${withOffer.current ? "&offer=1" : ""}`),
      ),
    onError: (error) => {
      if (!refusal.noteFailure(error)) console.warn("Could not start the chat", error);
    },
  });
  const open = (isOffer: boolean) => {
    withOffer.current = isOffer;
    refusal.attempt(() => openChat.mutate());
  };
  return {
    isConnecting: openChat.isPending || isNavigating,
    isError: openChat.isError && !refusal.isRefused,
    isRefused: refusal.isRefused,
    start: () => open(false),
    startOffer: () => open(true),
  };
}
