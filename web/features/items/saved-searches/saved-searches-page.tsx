import type { SavedSearch } from "@shared/api/listings";
import { CATEGORIES, type Category } from "@shared/constants";
import { LISTING_TEXTS } from "@shared/listing-texts";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { InlineLoading } from "../../../components/ui/page-loading";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { capitalise } from "../../../lib/item-labels";
import { useDocumentTitle } from "../../../lib/use-document-title";
import {
  browsePathOf,
  savedSearchesQueryOptions,
  useDeleteSavedSearch,
  useMarkSavedSearchSeen,
} from "../api/saved-searches";

// The dialog and its form (react-hook-form) load when /buy's 'Save Search' leads here.
const SaveSearchDialog = lazyWhenOnline(() =>
  import("./save-search-dialog").then((module) => ({ default: module.SaveSearchDialog })),
);

/** The filters /buy sent with 'Save Search' (?save=1&search=&category=&college=), or null. */
function filtersToSave(params: URLSearchParams) {
  if (params.get("save") !== "1") return null;
  const category = params.get("category") ?? "all";
  return {
    search: params.get("search") ?? "",
    category: (CATEGORIES as readonly string[]).includes(category)
      ? (category as Category)
      : ("all" as const),
    college: params.get("college") ?? "",
  };
}

/** 'Saved searches': each with its new matches since last seen, 'View' and 'Delete'. */
export function SavedSearchesPage() {
  useDocumentTitle(LISTING_TEXTS.savedSearches);
  const query = useQuery(savedSearchesQueryOptions());
  const remove = useDeleteSavedSearch();
  const seen = useMarkSavedSearchSeen();
  const navigate = useNavigate();
  const { confirm, confirmDialog } = useConfirm();
  const [params] = useSearchParams();
  const toSave = filtersToSave(params);

  function handleView(search: SavedSearch) {
    if (search.newMatches > 0) seen.mutate(search.id);
    navigate(browsePathOf(search));
  }

  async function handleDelete(search: SavedSearch) {
    if (
      await confirm({
        message: `Delete the saved search "${search.name}"?`,
        confirmLabel: "Delete",
        destructive: true,
      })
    ) {
      remove.mutate(search.id);
    }
  }

  const searches = query.data?.savedSearches;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-4 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{LISTING_TEXTS.savedSearches}</h1>
        <Link to="/buy" className={secondaryButton}>
          Browse Items
        </Link>
      </header>
      {query.isPending ? (
        <InlineLoading label="Loading your saved searches..." />
      ) : query.isError ? (
        <Alert tone="error">
          Could not load your saved searches.{" "}
          <button type="button" onClick={() => query.refetch()} className="font-semibold underline">
            Try again
          </button>
        </Alert>
      ) : searches && searches.length > 0 ? (
        <ul className="space-y-3">
          {searches.map((search) => (
            <li
              key={search.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0">
                <h2 className="font-semibold break-words text-slate-900">{search.name}</h2>
                <p className="text-sm break-words text-slate-600">
                  {[
                    search.search ? `"${search.search}"` : "Any item",
                    search.category === "all" ? "All categories" : capitalise(search.category),
                    search.college || "Every college",
                  ].join(" · ")}
                </p>
                {search.newMatches > 0 ? (
                  <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-sm font-semibold text-indigo-800">
                    {search.newMatches} new {search.newMatches === 1 ? "match" : "matches"}
                  </p>
                ) : (
                  <p className="mt-1 text-sm text-slate-500">No new matches</p>
                )}
              </div>
              <div className="flex gap-2">
                <button type="button" onClick={() => handleView(search)} className={primaryButton}>
                  {LISTING_TEXTS.view}
                </button>
                <button
                  type="button"
                  onClick={() => handleDelete(search)}
                  disabled={remove.isPending}
                  aria-label={`${LISTING_TEXTS.delete} ${search.name}`}
                  className={secondaryButton}
                >
                  {LISTING_TEXTS.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          <p>{LISTING_TEXTS.savedSearchEmpty}</p>
          <Link to="/buy" className={`${primaryButton} mt-4`}>
            Browse Items
          </Link>
        </div>
      )}
      {remove.isError ? (
        <Alert tone="error">Could not delete the saved search. Please try again.</Alert>
      ) : null}
      {confirmDialog}
      {toSave ? (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={toSave} onClose={() => navigate("/saved-searches", { replace: true })} />
        </Suspense>
      ) : null}
    </div>
  );
}
