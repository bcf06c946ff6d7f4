import { CATEGORIES } from "@shared/constants";
import { BROWSE_SORTS, type BrowseSort } from "@shared/items-constants";
import { readEnum, readInt, readKept, readString, withParams } from "../../lib/search-params";
import type { BrowseFilters } from "./api/get-items";

export const DEFAULT_CATEGORY = "all";
export const DEFAULT_SORT: BrowseSort = "newest";

/** Left out of the address when they hold these, to keep links short. */
const DEFAULTS = { search: "", category: DEFAULT_CATEGORY, sort: DEFAULT_SORT, hideReserved: false, page: 1 };

/**
 * Reads the browse filters from the address bar; unknown values fall back to the defaults. A
 * missing `college` means "not chosen yet" and takes `defaultCollege` (the student's own);
 * `college=` means the student cleared it.
 */
export function parseBrowseFilters(params: URLSearchParams, defaultCollege: string): BrowseFilters {
  return {
    search: readString(params, "search"),
    category: readEnum(params, "category", CATEGORIES, DEFAULT_CATEGORY),
    college: readKept(params, "college", defaultCollege, { trim: false }),
    sort: readEnum(params, "sort", BROWSE_SORTS, DEFAULT_SORT),
    hideReserved: params.get("hideReserved") === "true",
    page: readInt(params, "page", { min: 1, fallback: 1 }),
  };
}

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
    },
    DEFAULTS,
  );
  next.delete("page");
  return next;
}

export function applyPageChange(params: URLSearchParams, page: number): URLSearchParams {
  return withParams(params, { page }, DEFAULTS);
}
