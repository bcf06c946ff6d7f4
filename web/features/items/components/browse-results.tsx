import type { BrowseMore, BrowseResponse } from "@shared/api/items";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import type { ViewMode } from "./item-card";
import { ItemGrid, ItemGridSkeleton } from "./item-grid";

interface BrowseResultsProps {
  data: BrowseResponse | undefined;
  isError: boolean;
  /** True while a newer page is on its way and the previous one is still shown. */
  isUpdating: boolean;
  view: ViewMode;
  onRetry: () => void;
  onClearFilters: () => void;
  /** The college the results are narrowed to, if any: an empty page then offers every college. */
  college?: string;
  onShowAllColleges?: () => void;
  /** 'See listings in {city}': the college's whole city. */
  onShowCity?: (city: string) => void;
  /** Shown at the end of the count line (the grid/list toggle). */
  toolbar: ReactNode;
}

export function BrowseResults(props: BrowseResultsProps) {
  const {
    data,
    isError,
    isUpdating,
    view,
    onRetry,
    onClearFilters,
    college,
    onShowAllColleges,
    onShowCity,
    toolbar,
  } = props;

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
        <ItemGridSkeleton view={view} label="Items" />
      </div>
    );
  }

  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = data.total === 0 ? 0 : first + data.items.length - 1;
  const canWiden = Boolean(college && onShowAllColleges);
  // 'See listings in {city}' only where the city has something beyond the college.
  const city = data.more && data.more.nearby.length > 0 ? data.more.city : undefined;
  const hasMore = Boolean(data.more && (data.more.nearby.length > 0 || data.more.india.length > 0));

  return (
    <div className="space-y-3 sm:space-y-4">
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
        <div
          className={`flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-4 text-center ${hasMore ? "py-4" : "py-10 sm:py-12"}`}
        >
          <h2 className="text-lg font-semibold text-slate-900">No items found</h2>
          <p className="mt-1 text-slate-600">Try adjusting your search or filters</p>
          {canWiden ? (
            <p className="mt-1 text-sm break-words text-slate-600">{`You're looking at ${college} only.`}</p>
          ) : null}
          <div className={`flex flex-wrap justify-center gap-3 ${hasMore ? "mt-3" : "mt-5"}`}>
            {city && onShowCity ? (
              <button type="button" onClick={() => onShowCity(city)} className={primaryButton}>
                {`See listings in ${city}`}
              </button>
            ) : null}
            {canWiden ? (
              <button
                type="button"
                onClick={onShowAllColleges}
                className={city && onShowCity ? secondaryButton : primaryButton}
              >
                Show all colleges
              </button>
            ) : null}
            {/* The spec's Clear Filters resets only the search text and the category. */}
            <button
              type="button"
              onClick={onClearFilters}
              className={canWiden ? secondaryButton : primaryButton}
            >
              Clear Filters
            </button>
          </div>
        </div>
      ) : (
        <ItemGrid items={data.items} view={view} label="Items" isUpdating={isUpdating} />
      )}

      {data.more ? <MoreSections more={data.more} view={view} /> : null}
    </div>
  );
}

/**
 * Under a college's short list: its city's other colleges, then the rest of India, each under its
 * own heading. They are not part of 'N item(s) found', which counts the student's own filter.
 */
function MoreSections({ more, view }: { more: BrowseMore; view: ViewMode }) {
  const sections = [
    { title: `More in ${more.city}`, items: more.nearby },
    { title: "Across India", items: more.india },
  ].filter((section) => section.items.length > 0);
  return (
    <>
      {sections.map((section) => (
        <section key={section.title} aria-label={section.title} className="space-y-3 pt-2">
          <h2 className="text-lg font-bold text-slate-900">{section.title}</h2>
          <ItemGrid items={section.items} view={view} label={section.title} />
        </section>
      ))}
    </>
  );
}
