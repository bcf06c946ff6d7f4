import type { Item } from "@shared/api/items";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import {
  ConditionBadge,
  ItemPrice,
  OffMarketBadge,
  ReservedBadge,
  SellerRating,
} from "../../../components/item-card/item-badges";
import { ItemThumbnail } from "../../../components/item-card/item-thumbnail";

interface ProfileItemCardProps {
  item: Item;
  /** The card's buttons; they get the title as their description so "Delete" says which item. */
  children: (titleId: string) => ReactNode;
  /** Someone else's profile: the seller's average under the price, as on a browse card. */
  showSellerRating?: boolean;
}

/** One item on a profile grid: picture, name (linking to the item page), price and condition. */
export function ProfileItemCard({ item, children, showSellerRating = false }: ProfileItemCardProps) {
  const titleId = useId();
  const isSold = !item.isActive;
  return (
    <li className="flex">
      <article
        aria-labelledby={titleId}
        className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="relative">
          <ItemThumbnail
            key={item.productImage}
            url={item.productImage}
            alt={item.productName}
            className={`aspect-[4/3] w-full ${isSold ? "opacity-70" : ""}`}
          />
          {isSold ? (
            <span className="absolute top-2 right-2">
              <OffMarketBadge item={item} />
            </span>
          ) : item.isReserved ? (
            <span className="absolute top-2 right-2">
              <ReservedBadge />
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 id={titleId} className="line-clamp-2 font-semibold break-words">
              <Link
                to={`/item/${encodeURIComponent(item.id)}`}
                className="text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
              >
                {item.productName}
              </Link>
            </h3>
            <ConditionBadge condition={item.condition} />
          </div>
          <ItemPrice item={item} className="text-lg font-bold text-indigo-700" />
          {showSellerRating ? <SellerRating rating={item.sellerRating} /> : null}
          <div className="mt-auto flex flex-wrap gap-2 pt-1">{children(titleId)}</div>
        </div>
      </article>
    </li>
  );
}

/** The grid around the cards: one column on a phone, up to four on a wide screen. */
export function ProfileItemGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
      {children}
    </ul>
  );
}
