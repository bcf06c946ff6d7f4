import type { ItemSummary } from "@shared/api/items";
import MessageSquareIcon from "lucide-react/icons/message-square";
import PhoneIcon from "lucide-react/icons/phone";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { messageSellerPath } from "../item-format";

interface ContactSellerDialogProps {
  item: ItemSummary;
  onClose: () => void;
}

/** Browse's Contact Seller: message in the app, or call when the seller chose to show a number. */
export function ContactSellerDialog({ item, onClose }: ContactSellerDialogProps) {
  const canCall = item.showMobileNumber && item.sellerMobile !== "";
  return (
    <Dialog
      title="Contact Seller"
      description={
        <>
          Get in touch with {item.sellerName} about <span className="font-medium">{item.productName}</span>.
        </>
      }
      onClose={onClose}
    >
      <div className="mt-5 flex flex-col gap-3">
        <Link to={messageSellerPath(item.sellerId, item.id)} className={primaryButton}>
          <MessageSquareIcon className="size-4" />
          Message Seller
        </Link>
        {canCall ? (
          <a href={`tel:${item.sellerMobile}`} className={secondaryButton}>
            <PhoneIcon className="size-4" />
            Call {item.sellerMobile}
          </a>
        ) : null}
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
