import type { Item } from "@shared/api/items";
import { formatRupees } from "../../lib/format";
import { capitalise } from "../../lib/item-labels";

const conditionClasses: Record<string, string> = {
  new: "bg-green-100 text-green-800",
  "like new": "bg-blue-100 text-blue-800",
  used: "bg-amber-100 text-amber-900",
};

/** The item's condition as a pill; older items may carry other values, shown in grey. */
export function ConditionBadge({ condition }: { condition: string }) {
  const tone = conditionClasses[condition] ?? "bg-slate-100 text-slate-700";
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {capitalise(condition)}
    </span>
  );
}

export function SoldBadge() {
  return (
    <span className="inline-flex shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
      Sold
    </span>
  );
}

/** Lapsed after 30 days and not renewed: off the marketplace, but not sold. */
export function ExpiredBadge() {
  return (
    <span className="inline-flex shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      Expired
    </span>
  );
}

/** What an item off the marketplace is: 'Expired' when it lapsed, 'Sold' otherwise; nothing while on sale. */
export function OffMarketBadge({ item }: { item: { isActive: boolean; isExpired: boolean } }) {
  if (item.isActive) return null;
  return item.isExpired ? <ExpiredBadge /> : <SoldBadge />;
}

/** An accepted offer holds the item for one buyer. */
export function ReservedBadge() {
  return (
    <span className="inline-flex shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      Reserved
    </span>
  );
}

/** The seller's average as their profile shows it, from three ratings on: '4.8 ★ · 12 ratings'. */
export function SellerRating({ rating }: { rating: { average: number; count: number } | null }) {
  if (!rating) return null;
  return (
    <span className="text-xs font-medium text-amber-800">
      {rating.average.toFixed(1)} ★ · {rating.count} ratings
    </span>
  );
}

/**
 * An item's price as its cards and page show it: while an accepted offer holds it at another price,
 * the deal's price with 'Listed at ₹700' beside it (issue 37); otherwise the listed price. Kept
 * beside the badges so it loads with them, not in every page's first script.
 */
export function ItemPrice({
  item,
  className,
}: {
  item: Pick<Item, "price" | "reservedPrice">;
  className: string;
}) {
  const dealPrice =
    item.reservedPrice !== null && item.reservedPrice !== item.price ? item.reservedPrice : null;
  return (
    <p className={className}>
      <span>{formatRupees(dealPrice ?? item.price)}</span>
      {dealPrice !== null ? (
        <span className="ml-1.5 inline-block text-xs font-medium text-slate-600">
          Listed at {formatRupees(item.price)}
        </span>
      ) : null}
    </p>
  );
}
