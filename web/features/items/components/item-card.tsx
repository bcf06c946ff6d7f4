import type { Item } from "@shared/api/items";
import { useId } from "react";
import { Link } from "react-router";
import { ConditionBadge } from "../../../components/item-card/item-badges";
import { ItemThumbnail } from "../../../components/item-card/item-thumbnail";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { formatDate, formatRupees } from "../../../lib/format";

export type ViewMode = "grid" | "list";

interface ItemCardProps {
  item: Item;
  view: ViewMode;
  onContact: (item: Item) => void;
}

export function ItemCard({ item, view, onContact }: ItemCardProps) {
  const titleId = useId();
  const isList = view === "list";
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${isList ? "flex-row" : "flex-col"}`}
    >
      <ItemThumbnail
        key={item.productImage}
        url={item.productImage}
        alt={item.productName}
        className={
          isList
            ? "aspect-square w-24 shrink-0 self-start sm:w-44"
            : "aspect-[4/3] w-full min-[480px]:aspect-square"
        }
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex items-start justify-between gap-2">
          {/* The page's h1 is "Browse Items"; each card's name is the next level down. */}
          <h2 id={titleId} className="line-clamp-2 font-semibold break-words text-slate-900">
            {item.productName}
          </h2>
          <ConditionBadge condition={item.condition} />
        </div>
        <p className="truncate text-sm text-slate-600">{item.type}</p>
        <p className="text-lg font-bold text-indigo-700">{formatRupees(item.price)}</p>
        <dl className="space-y-0.5 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt className="sr-only">Seller's college</dt>
            <dd className="truncate">{item.sellerCollege}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Posted</dt>
            <dd>
              <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
            </dd>
          </div>
        </dl>
        <div className={`mt-auto flex flex-col gap-2 pt-1 ${isList ? "sm:flex-row" : ""}`}>
          <Link
            to={`/item/${encodeURIComponent(item.id)}`}
            aria-describedby={titleId}
            className={`${secondaryButton} px-3 whitespace-nowrap ${isList ? "sm:flex-1" : ""}`}
          >
            See Details
          </Link>
          {/* A student cannot contact themselves, so their own cards say so instead. */}
          {!item.abilities.canContact ? (
            <p className="flex min-h-11 items-center justify-center text-xs font-medium text-slate-500 sm:flex-1">
              Your listing
            </p>
          ) : (
            <button
              type="button"
              aria-describedby={titleId}
              onClick={() => onContact(item)}
              className={`${primaryButton} px-3 whitespace-nowrap ${isList ? "sm:flex-1" : ""}`}
            >
              Contact Seller
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/** A grey stand-in for a card while the first page loads. */
export function ItemCardSkeleton({ view }: { view: ViewMode }) {
  const isList = view === "list";
  return (
    <div
      aria-hidden="true"
      className={`flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm motion-safe:animate-pulse ${isList ? "flex-row" : "flex-col"}`}
    >
      <div
        className={`bg-slate-200 ${isList ? "aspect-square w-28 shrink-0 sm:w-44" : "aspect-square w-full"}`}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="h-10 w-full rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
