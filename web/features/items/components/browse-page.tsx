import { useQuery } from "@tanstack/react-query";
import TagIcon from "lucide-react/icons/tag";
import { Suspense, useDeferredValue, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { OfflineAware } from "../../../components/ui/offline-state";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSoonWhenIdle } from "../../../lib/when-idle";
import { browseItemsQueryOptions } from "../api/get-items";
import { useBrowseFilters } from "../hooks/use-browse-filters";
import { useViewMode } from "../hooks/use-view-mode";
import { BrowseResults } from "./browse-results";
import { BrowseToolbar } from "./browse-toolbar";
import { ItemLiveNotice } from "./item-live-notice";
import { ViewToggle } from "./view-toggle";

// Below the grid, and only with more than one page: loaded a while after the first paint.
const Pagination = lazyWhenOnline(() =>
  import("../../../components/ui/pagination").then((module) => ({ default: module.Pagination })),
);

export function BrowsePage() {
  useDocumentTitle("Browse Items");
  const { filters, changeFilters, changePage } = useBrowseFilters();
  const [view, setView] = useViewMode();
  const [searchKey, setSearchKey] = useState(0);
  const resultsRef = useRef<HTMLDivElement>(null);
  const query = useQuery(browseItemsQueryOptions(filters));
  // A page of results is drawn in a transition, in slices between which the phone stays responsive,
  // rather than in one long task the moment it arrives.
  const data = useDeferredValue(query.data);
  const showsPagination = useSoonWhenIdle();

  // A page past the end (items sold meanwhile, an old link) moves to the last page that exists.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.totalPages > 0 && filters.page > data.totalPages) {
      changePage(data.totalPages, { replace: true });
    }
  }, [data, query.isPlaceholderData, filters.page, changePage]);

  const saveSearchHref = `/saved-searches?save=1&${new URLSearchParams(filters as never)}`;

  function handlePageChange(page: number) {
    changePage(page);
    resultsRef.current?.scrollIntoView({ block: "start" });
  }

  function handleClearFilters() {
    // The spec's Clear Filters resets only the search text and the category.
    setSearchKey((key) => key + 1);
    changeFilters({ search: "", category: "all" });
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-3 px-4 py-3 sm:space-y-5 sm:px-6 sm:py-8 lg:px-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-slate-900 sm:text-3xl">Browse Items</h1>
          <p className="mt-1 hidden text-slate-600 sm:block">Second-hand finds from students around you.</p>
        </div>
        {/* On phones these are in the menu beside the search box, and Sell in the tab bar. */}
        <div className="flex flex-wrap gap-2 max-sm:hidden">
          {/* 'Save Search' leads to the saved searches with these filters, where a dialog asks for a name. */}
          <Link to={saveSearchHref} className={secondaryButton}>
            Save Search
          </Link>
          <Link to="/saved-searches" className={secondaryButton}>
            Saved searches
          </Link>
          <Link to="/sell" className={primaryButton}>
            <TagIcon className="size-4" />
            Sell an Item
          </Link>
        </div>
      </header>

      <BrowseToolbar
        filters={filters}
        onChange={changeFilters}
        searchKey={searchKey}
        saveSearchHref={saveSearchHref}
      />

      <div ref={resultsRef} className="scroll-mt-20">
        <OfflineAware query={query}>
          <BrowseResults
            data={data}
            isError={query.isError}
            isUpdating={query.isPlaceholderData}
            view={view}
            onRetry={() => query.refetch()}
            onClearFilters={handleClearFilters}
            college={filters.college}
            onShowAllColleges={() => changeFilters({ college: "", city: "" })}
            onShowCity={(city) => changeFilters({ city, college: "" })}
            toolbar={<ViewToggle view={view} onChange={setView} />}
          />
        </OfflineAware>
      </div>

      {showsPagination && data && !query.isError ? (
        <Suspense fallback={null}>
          <Pagination page={filters.page} totalPages={data.totalPages} onChange={handlePageChange} />
        </Suspense>
      ) : null}
      {/* 'Your item is live!' right after posting. */}
      <ItemLiveNotice />
    </div>
  );
}
