import type { Item } from "@shared/api/items";
import { CHAT_MESSAGES } from "@shared/chats-constants";
import MessageSquareIcon from "lucide-react/icons/message-square";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton, textLink } from "../../../components/ui/button-styles";
import { OfflineRefusal } from "../../../components/ui/offline-refusal";
import type { ContactSeller } from "../hooks/use-contact-seller";

/**
 * For buyers only: the seller's number if they chose to show it, and the way into the chat. On
 * phones the button lives in the sticky bar at the bottom of the screen instead.
 */
export function ContactSellerSection({ item, contact }: { item: Item; contact: ContactSeller }) {
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
        disabled={contact.isConnecting}
        onClick={contact.start}
        className={`${primaryButton} mt-4 w-full max-md:hidden`}
      >
        <MessageSquareIcon className="size-4" />
        {contact.isConnecting ? "Connecting..." : "Contact Seller"}
      </button>
      {item.abilities.canOffer ? (
        <button
          type="button"
          disabled={contact.isConnecting}
          onClick={contact.startOffer}
          className={`${secondaryButton} mt-2 w-full max-md:hidden`}
        >
          Make Offer
        </button>
      ) : null}

      {contact.isError ? (
        <Alert tone="error" variant="inline" className="mt-2 text-sm max-md:hidden">
          {CHAT_MESSAGES.startFailed}
        </Alert>
      ) : null}
      <OfflineRefusal shown={contact.isRefused} className="mt-2 max-md:hidden" />
    </section>
  );
}
