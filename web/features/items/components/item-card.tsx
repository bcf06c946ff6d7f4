import type { ItemSummary } from "@shared/api/items";
import { collegeShortName } from "@shared/colleges";
import { VERIFIED_LABELS } from "@shared/verification-labels";
import BadgeCheckIcon from "lucide-react/icons/badge-check";
import EllipsisVerticalIcon from "lucide-react/icons/ellipsis-vertical";
import HeartIcon from "lucide-react/icons/heart";
import { useId } from "react";
import { Link } from "react-router";
import {
  ConditionBadge,
  ItemPrice,
  OffMarketBadge,
  ReservedBadge,
  SellerRating,
} from "../../../components/item-card/item-badges";
import { ItemThumbnail } from "../../../components/item-card/item-thumbnail";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Menu } from "../../../components/ui/menu";
import { formatDate } from "../../../lib/format";
import { useCardFavourite } from "../api/toggle-favourite";
import { formatAge } from "../item-format";

export type ViewMode = "grid" | "list";

interface ItemCardProps {
  item: ItemSummary;
  view: ViewMode;
  onContact: (item: ItemSummary) => void;
  /** Among the first cards of the list, whose pictures load at once. */
  isFirst?: boolean;
}

/**
 * A browse card. The whole card opens the item: its one link, 'See Details', stretches an
 * invisible layer over the card (so a tap on the photo or the price opens it too), and the
 * controls that do something else sit above that layer (the heart, the menu). On phones the card
 * is compact (photo, price, name on two lines at most, the college's short name and the listing's
 * age) and 'Contact Seller' moves into the card's menu; from 640 px it is a button again.
 */
export function ItemCard({ item, view, onContact, isFirst = false }: ItemCardProps) {
  const titleId = useId();
  const isList = view === "list";
  const canContact = item.abilities.canContact && item.isActive;
  const isOwn = !item.abilities.canContact;
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex h-full rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-indigo-600 hover:shadow-md ${isList ? "flex-row" : "flex-col"}`}
    >
      <div className={`relative shrink-0 ${isList ? "w-28 self-start sm:w-44" : "w-full"}`}>
        <ItemThumbnail
          key={item.productImage}
          url={item.productImage}
          alt={item.productName}
          isFirst={isFirst}
          className={
            isList
              ? "aspect-square w-full rounded-l-xl"
              : "aspect-[4/3] w-full rounded-t-xl min-[480px]:aspect-square"
          }
        />
        {/* Above the card's link layer, like every control of the card. */}
        {isOwn ? null : (
          <div className="absolute top-0 right-0 z-10">
            <CardHeart item={item} />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 p-2 sm:gap-2 sm:p-4">
        <div className="flex items-center justify-between gap-1">
          <ItemPrice item={item} className="text-base font-bold text-indigo-700 sm:text-lg" />
          {canContact ? (
            // Phones: 'Contact Seller' in the card's menu (from 640 px it is a button in the card).
            <div className="relative z-10 -my-2 -mr-2 sm:hidden">
              <Menu
                label={`More actions for ${item.productName}`}
                trigger={<EllipsisVerticalIcon aria-hidden="true" className="size-5 text-slate-700" />}
                triggerClassName="grid size-11 place-items-center rounded-full"
                menuClassName="absolute right-0 bottom-full z-30 mb-1 w-40 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
                items={[{ label: "Contact Seller", onSelect: () => onContact(item) }]}
              />
            </div>
          ) : null}
        </div>
        <div className="flex items-start justify-between gap-2">
          {/* The page's h1 names the list; each card's name is the next level down. */}
          <h2
            id={titleId}
            className="line-clamp-2 text-sm leading-5 font-semibold break-words text-slate-900 sm:text-base"
          >
            {item.productName}
          </h2>
          <span className="hidden sm:inline-flex">
            <ConditionBadge condition={item.condition} />
          </span>
        </div>
        <p className="hidden truncate text-sm text-slate-600 sm:block">{item.type}</p>
        {item.isActive && !item.isReserved ? null : (
          <div className="flex flex-wrap gap-1">
            <OffMarketBadge item={item} />
            {item.isActive && item.isReserved ? <ReservedBadge /> : null}
          </div>
        )}
        <dl className="space-y-0.5 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt className="sr-only">Seller's college</dt>
            <dd className="flex min-w-0 items-center gap-1">
              {/* Phones: the short name and the age on one line; the full name from 640 px. */}
              <span className="truncate sm:hidden" title={item.sellerCollege}>
                {collegeShortName(item.sellerCollege)}
                <span aria-hidden="true">{` · ${formatAge(item.createdAt)}`}</span>
              </span>
              <span className="truncate max-sm:sr-only">{item.sellerCollege}</span>
              {item.sellerIsVerified ? (
                <BadgeCheckIcon
                  role="img"
                  aria-label={VERIFIED_LABELS.verifiedSellerCheck}
                  className="size-4 shrink-0 text-green-700"
                >
                  <title>{VERIFIED_LABELS.verifiedSellerCheck}</title>
                </BadgeCheckIcon>
              ) : null}
            </dd>
          </div>
          <div className="flex gap-1 max-sm:sr-only">
            <dt className="sr-only sm:not-sr-only">Posted</dt>
            <dd>
              <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              {item.photoCount > 1 ? ` · ${item.photoCount} photos` : null}
            </dd>
          </div>
        </dl>
        <span className="max-sm:hidden">
          <SellerRating rating={item.sellerRating} />
        </span>
        <div className={`mt-auto flex flex-col gap-2 sm:pt-1 ${isList ? "sm:flex-row" : ""}`}>
          <Link
            to={`/item/${encodeURIComponent(item.id)}`}
            aria-describedby={titleId}
            // The layer that makes the whole card a link; the card shows the focus ring instead. On
            // phones the link is that layer alone: the whole card is 'See Details'.
            className={`${secondaryButton} px-3 whitespace-nowrap after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none max-sm:absolute max-sm:inset-0 max-sm:opacity-0 ${isList ? "sm:flex-1" : ""}`}
          >
            See Details
          </Link>
          {/* A student cannot contact themselves, so their own cards say so instead. */}
          {isOwn ? (
            <p className="flex items-center text-xs font-medium text-slate-500 sm:min-h-11 sm:flex-1 sm:justify-center">
              Your listing
            </p>
          ) : canContact ? (
            <button
              type="button"
              aria-describedby={titleId}
              onClick={() => onContact(item)}
              className={`${primaryButton} relative z-10 px-3 whitespace-nowrap max-sm:hidden ${isList ? "sm:flex-1" : ""}`}
            >
              Contact Seller
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The card's heart: saves the item to the student's favourites, or takes it out. */
function CardHeart({ item }: { item: ItemSummary }) {
  const favourite = useCardFavourite(item.id, item.isFavourite ?? false);
  return (
    <>
      <button
        type="button"
        aria-pressed={favourite.isFavourite}
        aria-label={`Save ${item.productName} to favourites`}
        onClick={favourite.toggle}
        className="grid size-11 place-items-center rounded-full"
      >
        <span
          className={`grid size-8 place-items-center rounded-full bg-white/90 shadow ${favourite.isFavourite ? "text-rose-600" : "text-slate-700"}`}
        >
          <HeartIcon
            aria-hidden="true"
            fill={favourite.isFavourite ? "currentColor" : "none"}
            className="size-5"
          />
        </span>
      </button>
      {favourite.error ? (
        <p
          role="alert"
          className="absolute top-11 right-1 w-36 rounded-lg bg-white p-2 text-xs text-red-700 shadow"
        >
          {favourite.error}
        </p>
      ) : null}
    </>
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
        className={`bg-slate-200 ${isList ? "aspect-square w-28 shrink-0 sm:w-44" : "aspect-[4/3] w-full min-[480px]:aspect-square"}`}
      />
      <div className="flex flex-1 flex-col gap-3 p-2 sm:p-4">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="h-10 w-full rounded-lg bg-slate-200 max-sm:hidden" />
      </div>
    </div>
  );
}
