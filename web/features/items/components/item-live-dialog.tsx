import { formatRupees } from "@shared/rupees";
import { itemShareTitle, SHARE_ON_WHATSAPP, whatsAppShareUrl } from "@shared/share-links";
import MessageCircleIcon from "lucide-react/icons/message-circle";
import { Link } from "react-router";
import { ghostButton, primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import type { PostedItem } from "../item-live";

export const ITEM_LIVE_TITLE = "Your item is live!";

/**
 * 'Your item is live!': the item's page, a WhatsApp share of its public teaser (the address
 * anyone may open: photo, name, price, condition and college; nothing about the seller), and the
 * Sell form again.
 */
export function ItemLiveDialog({ item, onClose }: { item: PostedItem; onClose: () => void }) {
  const path = `/item/${encodeURIComponent(item.id)}`;
  const teaserUrl = `${window.location.origin}${path}`;
  return (
    <Dialog
      title={ITEM_LIVE_TITLE}
      description={`${item.productName} (${formatRupees(item.price)}) is now on Browse for students to find.`}
      onClose={onClose}
    >
      <div className="mt-4 flex flex-col gap-2">
        <Link to={path} className={primaryButton}>
          View listing
        </Link>
        <a
          href={whatsAppShareUrl(itemShareTitle(item.productName, item.price), teaserUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={secondaryButton}
        >
          <MessageCircleIcon aria-hidden="true" className="size-4" />
          {SHARE_ON_WHATSAPP}
        </a>
        <Link to="/sell" className={secondaryButton}>
          Sell another
        </Link>
        <button type="button" onClick={onClose} className={ghostButton}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
