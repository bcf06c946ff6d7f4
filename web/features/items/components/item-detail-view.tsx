import type { ItemDetailResponse } from "@shared/api/items";
import { Suspense } from "react";
import {
  ConditionBadge,
  ItemPrice,
  OffMarketBadge,
  ReservedBadge,
  SellerRating,
} from "../../../components/item-card/item-badges";
import { ReportButton } from "../../../components/trust/report-button";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { OfflineRefusal } from "../../../components/ui/offline-refusal";
import { formatDate } from "../../../lib/format";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { capitalise } from "../../../lib/item-labels";
import { useToggleFavourite } from "../api/toggle-favourite";
import { useContactSeller } from "../hooks/use-contact-seller";
import { ContactSellerSection } from "./contact-seller-section";
import { FavouriteButton } from "./favourite-button";
import { ItemActionBar } from "./item-action-bar";
import { ItemPhotos } from "./item-photos";
import { OwnerActions } from "./owner-actions";
import { SellerCard } from "./seller-card";

// Share and 'Share on WhatsApp' load just after the item's first paint.
const ShareButton = lazyWhenOnline(() =>
  import("./share-button").then((module) => ({ default: module.ShareButton })),
);

export function ItemDetailView({ detail }: { detail: ItemDetailResponse }) {
  const { item, seller, isFavourite } = detail;
  const favourite = useToggleFavourite(item.id);
  const contact = useContactSeller(item);
  const { abilities } = item;

  return (
    <>
      <article aria-labelledby="item-heading" className="mt-4 grid gap-6 md:grid-cols-2 lg:gap-10">
        <ItemPhotos
          key={item.images.join(" ")}
          images={item.images.length > 0 ? item.images : [item.productImage]}
          name={item.productName}
        />

        <div className="min-w-0 space-y-5">
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <ConditionBadge condition={item.condition} />
              <OffMarketBadge item={item} />
              {item.isActive && item.isReserved ? <ReservedBadge /> : null}
            </div>
            <h1 id="item-heading" className="mt-2 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
              {item.productName}
            </h1>
            <p className="mt-1 text-slate-600">{item.type}</p>
            <ItemPrice item={item} className="mt-3 text-3xl font-bold text-indigo-700" />
            {item.isNegotiable ? null : (
              <p className="mt-1 text-sm font-semibold text-slate-700">Fixed price</p>
            )}
            {item.sellerRating ? (
              <p className="mt-1">
                <SellerRating rating={item.sellerRating} />
              </p>
            ) : null}
          </header>

          <div className="flex flex-wrap items-start gap-2">
            {/* On phones the favourite sits in the sticky bar at the bottom instead. */}
            {abilities.canFavourite ? (
              <span className="max-md:hidden">
                <FavouriteButton isFavourite={isFavourite} onToggle={favourite.setFavourite} />
              </span>
            ) : null}
            <Suspense fallback={null}>
              <ShareButton title={item.productName} price={item.price} />
            </Suspense>
            {abilities.canReport ? (
              <ReportButton target={{ type: "listing", id: item.id }} className={secondaryButton} />
            ) : null}
          </div>
          {/* On phones these are said in the sticky bar, beside the heart. */}
          {favourite.error ? (
            <Alert tone="error" className="max-md:hidden">
              {favourite.error}
            </Alert>
          ) : null}
          <OfflineRefusal shown={favourite.isRefused} className="max-md:hidden" />

          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
            <div>
              <dt className="text-slate-500">Category</dt>
              <dd className="font-medium text-slate-900">{capitalise(item.category)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Posted</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-500">College</dt>
              <dd className="font-medium break-words text-slate-900">{item.sellerCollege}</dd>
            </div>
          </dl>

          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-lg font-semibold text-slate-900">
              Description
            </h2>
            <p className="mt-1 break-words whitespace-pre-line text-slate-700">
              {item.description.trim() || "The seller did not add a description."}
            </p>
          </section>

          <SellerCard seller={seller} />

          {abilities.canDelete ? (
            <OwnerActions item={item} />
          ) : abilities.canContact && item.isActive ? (
            <ContactSellerSection item={item} contact={contact} />
          ) : (
            <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
              {item.isExpired ? "This listing has expired." : "This item has been sold."}
            </p>
          )}
        </div>
      </article>
      <ItemActionBar
        item={item}
        isFavourite={isFavourite}
        onToggleFavourite={favourite.setFavourite}
        favouriteError={favourite.error}
        isFavouriteRefused={favourite.isRefused}
        contact={contact}
      />
      {/* Room at the end of the page, so the sticky bar never covers its last lines. */}
      <div aria-hidden="true" className="h-20 md:hidden" />
    </>
  );
}
