import { type BrowseFilters, DEFAULT_CATEGORY, BROWSE_DEFAULTS as DEFAULTS } from "@shared/browse-filters";
import { withParams } from "@shared/search-params";

export { DEFAULT_CATEGORY, DEFAULT_SORT, parseBrowseFilters } from "@shared/browse-filters";

/** How many filters narrow the list beyond the search box: the category and the college. */
export function activeFilterCount(filters: Pick<BrowseFilters, "category" | "college">): number {
  return (filters.category === DEFAULT_CATEGORY ? 0 : 1) + (filters.college ? 1 : 0);
}

export type FilterChange = Partial<Omit<BrowseFilters, "page">>;

/**
 * The next query string after a filter change. Any change to search, category, college or sort
 * goes back to page 1 (spec section 4). The college is always written, as its empty value records
 * that the student cleared it.
 */
export function applyFilterChange(params: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = withParams(
    params,
    {
      search: change.search?.trim(),
      category: change.category,
      sort: change.sort,
      college: change.college,
      hideReserved: change.hideReserved,
      verifiedOnly: change.verifiedOnly,
    },
    DEFAULTS,
  );
  next.delete("page");
  return next;
}

export function applyPageChange(params: URLSearchParams, page: number): URLSearchParams {
  return withParams(params, { page }, DEFAULTS);
}
