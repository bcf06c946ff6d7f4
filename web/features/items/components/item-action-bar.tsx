import type { Item } from "@shared/api/items";
import { CHAT_MESSAGES } from "@shared/chats-constants";
import MessageSquareIcon from "lucide-react/icons/message-square";
import { OffMarketBadge } from "../../../components/item-card/item-badges";
import { LazyOwnItemActions } from "../../../components/own-item-actions/lazy-own-item-actions";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { OfflineRefusal } from "../../../components/ui/offline-refusal";
import { formatRupees } from "../../../lib/format";
import type { ContactSeller } from "../hooks/use-contact-seller";
import { FavouriteButton } from "./favourite-button";

interface ItemActionBarProps {
  item: Item;
  isFavourite: boolean;
  onToggleFavourite: (isFavourite: boolean) => void;
  /** Why the server refused the last favourite change. */
  favouriteError: string | null;
  /** The last favourite change was tried offline. */
  isFavouriteRefused: boolean;
  contact: ContactSeller;
}

/**
 * Phones only (below 768 px): the price and the item's main action stay at the bottom of the
 * screen while the student reads: Contact Seller for a buyer, Edit and Mark as Sold for the seller,
 * and the favourite. It sits on top of the app's bottom tab bar, whose height styles.css gives as
 * --tab-bar-space.
 */
export function ItemActionBar({
  item,
  isFavourite,
  onToggleFavourite,
  favouriteError,
  isFavouriteRefused,
  contact,
}: ItemActionBarProps) {
  const { abilities } = item;
  const isSeller = abilities.canDelete;
  const canContact = abilities.canContact && item.isActive;
  return (
    <section
      aria-label="Item actions"
      className="fixed inset-x-0 bottom-(--tab-bar-space) z-20 border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-2px_8px_rgb(15_23_42/0.06)] backdrop-blur md:hidden"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 shrink-0">
          <span className="sr-only">Price </span>
          <span className="text-lg font-bold text-indigo-700">{formatRupees(item.price)}</span>
        </p>
        <OffMarketBadge item={item} />
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2">
          {abilities.canFavourite ? (
            <FavouriteButton isFavourite={isFavourite} onToggle={onToggleFavourite} />
          ) : null}
          {isSeller ? (
            <div className="min-w-0 flex-1">
              <LazyOwnItemActions item={item} actions={["edit", "markSold"]} />
            </div>
          ) : canContact ? (
            <>
              {abilities.canOffer ? (
                <button
                  type="button"
                  disabled={contact.isConnecting}
                  onClick={contact.startOffer}
                  className={`${secondaryButton} shrink-0 px-3`}
                >
                  Make Offer
                </button>
              ) : null}
              <button
                type="button"
                disabled={contact.isConnecting}
                onClick={contact.start}
                className={`${primaryButton} min-w-0 flex-1 px-3`}
              >
                <MessageSquareIcon aria-hidden="true" className="size-4 shrink-0" />
                {contact.isConnecting ? "Connecting..." : "Contact Seller"}
              </button>
            </>
          ) : null}
        </div>
      </div>
      {canContact && contact.isError ? (
        <Alert tone="error" variant="inline" className="mt-1 text-sm">
          {CHAT_MESSAGES.startFailed}
        </Alert>
      ) : null}
      {/* Once, whichever of its buttons was tried offline. */}
      <OfflineRefusal shown={contact.isRefused || isFavouriteRefused} className="mt-1" />
      {favouriteError && abilities.canFavourite ? (
        <Alert tone="error" variant="inline" className="mt-1 text-sm">
          {favouriteError}
        </Alert>
      ) : null}
    </section>
  );
}
