import type { BrowseResponse, Item } from "@shared/api/items";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { InlineLoading } from "../../../components/ui/page-loading";
import { ItemCard, ItemCardSkeleton, type ViewMode } from "./item-card";

// The seller's contact details open from a card's button; the dialog loads then.
const ContactSellerDialog = lazy(() =>
  import("./contact-seller-dialog").then((module) => ({ default: module.ContactSellerDialog })),
);

const SKELETON_COUNT = 12;

interface BrowseResultsProps {
  data: BrowseResponse | undefined;
  isError: boolean;
  /** True while a newer page is on its way and the previous one is still shown. */
  isUpdating: boolean;
  view: ViewMode;
  onRetry: () => void;
  onClearFilters: () => void;
  /** Shown at the end of the count line (the grid/list toggle). */
  toolbar: ReactNode;
}

function listClasses(view: ViewMode): string {
  return view === "grid"
    ? "grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
    : "grid grid-cols-1 gap-3 xl:grid-cols-2";
}

export function BrowseResults(props: BrowseResultsProps) {
  const { data, isError, isUpdating, view, onRetry, onClearFilters, toolbar } = props;
  const [contactItem, setContactItem] = useState<Item | null>(null);

  if (isError) {
    return (
      <div className="space-y-4">
        <div className="flex justify-end">{toolbar}</div>
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>Could not load items. Please check your connection and try again.</span>
          <button type="button" onClick={onRetry} className={secondaryButton}>
            Try again
          </button>
        </Alert>
      </div>
    );
  }

  if (!data) {
    return (
      <div className="space-y-4">
        <div className="flex justify-end">{toolbar}</div>
        <p role="status" className="sr-only">
          Loading items
        </p>
        <ul aria-busy="true" aria-label="Items" className={listClasses(view)}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index}>
              <ItemCardSkeleton view={view} />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = data.total === 0 ? 0 : first + data.items.length - 1;

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <div aria-live="polite" className="min-w-0">
          <p className="font-semibold text-slate-900">
            {`${data.total} item(s) found`}
            {data.totalPages > 0 ? (
              <span className="ml-2 text-sm font-normal text-slate-600">{`(Page ${data.page} of ${data.totalPages})`}</span>
            ) : null}
          </p>
          {data.total > 0 ? (
            <p className="text-sm text-slate-600">{`Showing ${first}-${last} of ${data.total}`}</p>
          ) : null}
        </div>
        {toolbar}
      </div>

      {data.total === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No items found</h2>
          <p className="mt-1 text-slate-600">Try adjusting your search or filters</p>
          <button type="button" onClick={onClearFilters} className={`${primaryButton} mt-5`}>
            Clear Filters
          </button>
        </div>
      ) : (
        <ul
          aria-busy={isUpdating}
          aria-label="Items"
          className={`${listClasses(view)} transition-opacity ${isUpdating ? "opacity-60" : ""}`}
        >
          {data.items.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} view={view} onContact={setContactItem} />
            </li>
          ))}
        </ul>
      )}

      {contactItem ? (
        <Suspense fallback={<InlineLoading />}>
          <ContactSellerDialog item={contactItem} onClose={() => setContactItem(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
