import {
  type BrowseFilters,
  DEFAULT_CATEGORY,
  BROWSE_DEFAULTS as DEFAULTS,
  defaultSortFor,
} from "@shared/browse-filters";
import { withParams } from "@shared/search-params";

export { DEFAULT_CATEGORY, DEFAULT_SORT, parseBrowseFilters } from "@shared/browse-filters";

/** How many filters narrow the list beyond the search box. */
export function activeFilterCount(
  filters: Pick<BrowseFilters, "category" | "college"> & Partial<BrowseFilters>,
): number {
  return [
    filters.category !== DEFAULT_CATEGORY,
    Boolean(filters.college),
    Boolean(filters.city),
    Boolean(filters.minPrice || filters.maxPrice),
    Boolean(filters.condition),
    Boolean(filters.hideReserved),
  ].filter(Boolean).length;
}

export type FilterChange = Partial<Omit<BrowseFilters, "page">>;

/**
 * The next query string after a filter change. Any change to search, category, college or sort
 * goes back to page 1 (spec section 4). The college is always written, as its empty value records
 * that the student cleared it.
 */
export function applyFilterChange(params: URLSearchParams, change: FilterChange): URLSearchParams {
  // A sort is written only when it is not the one browse would take anyway: with a search typed,
  // 'Newest First' is a choice; without one, it is the default.
  const search = change.search ?? params.get("search") ?? "";
  const next = withParams(
    params,
    {
      search: change.search?.trim(),
      category: change.category,
      sort: change.sort,
      college: change.college,
      city: change.city,
      minPrice: change.minPrice,
      maxPrice: change.maxPrice,
      condition: change.condition,
      hideReserved: change.hideReserved,
      verifiedOnly: change.verifiedOnly,
    },
    { ...DEFAULTS, sort: defaultSortFor(search) },
  );
  next.delete("page");
  return next;
}

export function applyPageChange(params: URLSearchParams, page: number): URLSearchParams {
  return withParams(params, { page }, DEFAULTS);
}
