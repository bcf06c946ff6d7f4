import type { Item } from "@shared/api/items";
import { DEAL_PRICE_TEXTS } from "@shared/deals-constants";
import { formatRupees } from "../../lib/format";

/**
 * An item's price as its cards and page show it: while an accepted offer holds it at another
 * price, the deal's price with 'Listed at ₹700' beside it (issue 37); otherwise the listed price.
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
      {formatRupees(dealPrice ?? item.price)}
      {dealPrice !== null ? (
        <span className="ml-1.5 inline-block text-xs font-medium text-slate-600">
          {DEAL_PRICE_TEXTS.listedAt(item.price)}
        </span>
      ) : null}
    </p>
  );
}
