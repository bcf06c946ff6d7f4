import { CATEGORIES, type Category } from "./constants";
import { BROWSE_SORTS, type BrowseSort } from "./items-constants";
import { readEnum, readInt, readKept, readString } from "./search-params";

/** What /buy shows, as its address says: the browser draws it, the server answers it in the page. */
export interface BrowseFilters {
  search: string;
  category: "all" | Category;
  /** The seller's college; empty means every college. */
  college: string;
  sort: BrowseSort;
  /** 'Hide reserved': leaves out items an accepted offer holds. */
  hideReserved?: boolean;
  /** 'Verified sellers only': items of sellers verified by their college. */
  verifiedOnly?: boolean;
  page: number;
}

export const DEFAULT_CATEGORY = "all";
export const DEFAULT_SORT: BrowseSort = "newest";

/** Left out of the address when they hold these, to keep links short. */
export const BROWSE_DEFAULTS = {
  search: "",
  category: DEFAULT_CATEGORY,
  sort: DEFAULT_SORT,
  hideReserved: false,
  verifiedOnly: false,
  page: 1,
};

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
    verifiedOnly: params.get("verifiedOnly") === "true",
    page: readInt(params, "page", { min: 1, fallback: 1 }),
  };
}

/** The API request for a page of results (GET /api/items). */
export function browseApiPath(filters: BrowseFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  params.set("category", filters.category);
  if (filters.college) params.set("college", filters.college);
  // Left out at the default, like the address: a search is then shown best match first.
  if (filters.sort !== DEFAULT_SORT) params.set("sort", filters.sort);
  if (filters.hideReserved) params.set("hideReserved", "true");
  if (filters.verifiedOnly) params.set("verifiedOnly", "true");
  params.set("page", String(filters.page));
  return `/api/items?${params}`;
}
