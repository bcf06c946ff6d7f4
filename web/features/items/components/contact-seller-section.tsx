import { CHAT_MESSAGES } from "@shared/api/chats";
import type { Item } from "@shared/api/items";
import { MessageSquareIcon } from "lucide-react";
import { useTransition } from "react";
import { useNavigate } from "react-router";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { useStartChat } from "../api/start-chat";

/** For buyers only: the seller's number if they chose to show it, and the way into the chat. */
export function ContactSellerSection({ item }: { item: Item }) {
  const navigate = useNavigate();
  // The chat is opened (or created) here, so a failure is shown beside the button; the
  // transition keeps "Connecting..." on screen while the messages page loads.
  const [isNavigating, startTransition] = useTransition();
  const openChat = useStartChat(item.sellerId, item.id, {
    onSuccess: ({ chat }) =>
      startTransition(() => navigate(`/messages?chatId=${encodeURIComponent(chat.id)}`)),
    onError: (error) => console.warn("Could not start the chat", error),
  });
  const isConnecting = openChat.isPending || isNavigating;
  const hasMobile = item.showMobileNumber && item.sellerMobile !== "";

  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
        Contact Seller
      </h2>
      {hasMobile ? (
        <p className="mt-2 text-sm text-slate-700">
          Mobile:{" "}
          <a href={`tel:${item.sellerMobile}`} className={textLink}>
            {item.sellerMobile}
          </a>
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Send the seller a message to ask a question or make an offer.
        </p>
      )}
      <button
        type="button"
        disabled={isConnecting}
        onClick={() => openChat.mutate()}
        className={`${primaryButton} mt-4 w-full`}
      >
        <MessageSquareIcon className="size-4" />
        {isConnecting ? "Connecting..." : "Contact Seller"}
      </button>
      {openChat.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {CHAT_MESSAGES.startFailed}
        </p>
      ) : null}
    </section>
  );
}
