import { readInt, withParams } from "@shared/search-params";
import { useQuery } from "@tanstack/react-query";
import HeartIcon from "lucide-react/icons/heart";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { BackButton } from "../../../components/ui/back-button";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { OfflineAware } from "../../../components/ui/offline-state";
import { Pagination } from "../../../components/ui/pagination";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { favouritesQueryOptions } from "../api/get-favourites";
import { ItemGrid, ItemGridSkeleton } from "./item-grid";

const LIST_LABEL = "Saved items";

/** /favourites: the items the student saved with the heart, most recently saved first. */
export function FavouritesPage() {
  useDocumentTitle("Saved items");
  const [params, setParams] = useSearchParams();
  const page = readInt(params, "page", { min: 1, max: 10_000, fallback: 1 });
  const query = useQuery(favouritesQueryOptions(page));
  const data = query.data;
  const listRef = useRef<HTMLDivElement>(null);

  const changePage = (next: number, options: { replace?: boolean } = {}) =>
    setParams((current) => withParams(current, { page: next }, { page: 1 }), options);

  // A page past the end (items unsaved meanwhile, an old link) moves to the last page that exists.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.total > 0 && page > data.totalPages) {
      setParams((current) => withParams(current, { page: data.totalPages }, { page: 1 }), { replace: true });
    }
  }, [data, query.isPlaceholderData, page, setParams]);

  let content: ReactNode;
  if (query.isError) {
    content = (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Could not load your saved items. Please check your connection and try again.</span>
        <button type="button" onClick={() => query.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  } else if (!data) {
    content = <ItemGridSkeleton label={LIST_LABEL} />;
  } else if (data.total === 0) {
    content = (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <HeartIcon aria-hidden="true" className="size-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">No saved items yet</h2>
        <p className="mt-1 text-slate-600">Tap the heart on an item to keep it here for later.</p>
        <Link to="/buy" className={`${primaryButton} mt-5`}>
          Browse Items
        </Link>
      </div>
    );
  } else {
    content = (
      <div className="space-y-4">
        <p aria-live="polite" className="text-sm text-slate-600">
          {data.total === 1 ? "1 saved item" : `${data.total} saved items`}
          {data.totalPages > 1 ? ` (Page ${data.page} of ${data.totalPages})` : ""}
        </p>
        <ItemGrid items={data.items} label={LIST_LABEL} isUpdating={query.isPlaceholderData} />
        <Pagination
          page={page}
          totalPages={data.totalPages}
          label="Saved item pages"
          onChange={(next) => {
            changePage(next);
            listRef.current?.scrollIntoView({ block: "start" });
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-4 py-4 sm:space-y-5 sm:px-6 sm:py-8 lg:px-8">
      <BackButton />
      <div ref={listRef} className="scroll-mt-20">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Saved items</h1>
        <p className="mt-1 text-slate-600">Items you saved with the heart, most recent first.</p>
      </div>
      <OfflineAware query={query}>{content}</OfflineAware>
    </div>
  );
}
