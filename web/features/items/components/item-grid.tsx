import type { ItemSummary } from "@shared/api/items";
import { FIRST_CARD_IMAGES } from "@shared/images";
import { Suspense, useState } from "react";
import { InlineLoading } from "../../../components/ui/page-loading";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { ItemCard, ItemCardSkeleton, type ViewMode } from "./item-card";

// The seller's contact details open from a card's button; the dialog loads then.
const ContactSellerDialog = lazyWhenOnline(() =>
  import("./contact-seller-dialog").then((module) => ({ default: module.ContactSellerDialog })),
);

const SKELETON_COUNT = 12;

/** Two columns from the smallest phone, three on tablets, four on wide screens; or a list. */
export function itemListClasses(view: ViewMode): string {
  return view === "grid"
    ? "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4"
    : "grid grid-cols-1 gap-3 xl:grid-cols-2";
}

interface ItemGridProps {
  items: ItemSummary[];
  view?: ViewMode;
  /** The list's accessible name. */
  label: string;
  /** True while a newer page is on its way and the previous one is still shown. */
  isUpdating?: boolean;
}

/** Item cards with the Contact Seller dialog they open. */
export function ItemGrid({ items, view = "grid", label, isUpdating = false }: ItemGridProps) {
  const [contactItem, setContactItem] = useState<ItemSummary | null>(null);
  return (
    <>
      <ul
        aria-busy={isUpdating}
        aria-label={label}
        className={`${itemListClasses(view)} transition-opacity ${isUpdating ? "opacity-60" : ""}`}
      >
        {items.map((item, index) => (
          <li key={item.id}>
            <ItemCard
              item={item}
              view={view}
              onContact={setContactItem}
              isFirst={index < FIRST_CARD_IMAGES}
            />
          </li>
        ))}
      </ul>
      {contactItem ? (
        <Suspense fallback={<InlineLoading />}>
          <ContactSellerDialog item={contactItem} onClose={() => setContactItem(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Twelve grey cards while the first page loads, announced once as loading. */
export function ItemGridSkeleton({ view = "grid", label }: { view?: ViewMode; label: string }) {
  return (
    <>
      <p role="status" className="sr-only">
        Loading items
      </p>
      <ul aria-busy="true" aria-label={label} className={itemListClasses(view)}>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index}>
            <ItemCardSkeleton view={view} />
          </li>
        ))}
      </ul>
    </>
  );
}
