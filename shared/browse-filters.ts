import { CATEGORIES, type Category, CONDITIONS, type Condition } from "./constants";
import { BROWSE_SORTS, type BrowseSort } from "./items-constants";
import { readEnum, readInt, readKept, readString } from "./search-params";

/** What /buy shows, as its address says: the browser draws it, the server answers it in the page. */
export interface BrowseFilters {
  search: string;
  category: "all" | Category;
  /** The seller's college; empty means every college. */
  college: string;
  /** Every college of this city; empty means no city filter. Picking one clears the college. */
  city: string;
  /** Price bounds in whole rupees; 0 means no bound. */
  minPrice: number;
  maxPrice: number;
  /** One condition, or empty for any. */
  condition: "" | Condition;
  sort: BrowseSort;
  /** 'Hide reserved': leaves out items an accepted offer holds. */
  hideReserved?: boolean;
  /** 'Verified sellers only': items of sellers verified by their college. */
  verifiedOnly?: boolean;
  page: number;
}

export const DEFAULT_CATEGORY = "all";
/** The spec's default sort: newest. A typed search shows its best matches first unless a sort is picked. */
export const DEFAULT_SORT: BrowseSort = "newest";

/** The sort browse takes when the student picked none: best match for a search, else newest. */
export function defaultSortFor(search: string): BrowseSort {
  return search.trim() ? "best-match" : DEFAULT_SORT;
}

/** The largest price bound the address carries (the sell form's largest price, MAX_PRICE). */
export const PRICE_BOUND_MAX = 1_000_000;

/** Left out of the address when they hold these, to keep links short. */
export const BROWSE_DEFAULTS = {
  search: "",
  category: DEFAULT_CATEGORY,
  sort: DEFAULT_SORT,
  city: "",
  minPrice: 0,
  maxPrice: 0,
  condition: "",
  hideReserved: false,
  verifiedOnly: false,
  page: 1,
};

/**
 * Reads the browse filters from the address bar; unknown values fall back to the defaults. A
 * missing `college` means "not chosen yet" and takes `defaultCollege` (the student's own);
 * `college=` means the student cleared it.
 */
export function parseBrowseFilters(
  params: URLSearchParams,
  defaultCollege: string,
  defaultCity = "",
): BrowseFilters {
  const search = readString(params, "search");
  const sort = readEnum(params, "sort", BROWSE_SORTS, defaultSortFor(search));
  // A student whose college is still pending has no college to start from: their city instead.
  const isCityDefault = !defaultCollege && !params.has("college") && !params.has("city");
  return {
    search,
    category: readEnum(params, "category", CATEGORIES, DEFAULT_CATEGORY),
    college: readKept(params, "college", defaultCollege, { trim: false }),
    city: isCityDefault ? defaultCity : readString(params, "city", { maxLength: 100 }),
    minPrice: readInt(params, "minPrice", { min: 0, max: PRICE_BOUND_MAX, fallback: 0 }),
    maxPrice: readInt(params, "maxPrice", { min: 0, max: PRICE_BOUND_MAX, fallback: 0 }),
    condition: readEnum(params, "condition", CONDITIONS, ""),
    // Best match without a search is newest.
    sort: sort === "best-match" && !search.trim() ? DEFAULT_SORT : sort,
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
  if (filters.city) params.set("city", filters.city);
  if (filters.minPrice > 0) params.set("minPrice", String(filters.minPrice));
  // A maximum below the minimum (typed in the address) is left out rather than refused.
  if (filters.maxPrice > 0 && filters.maxPrice >= filters.minPrice)
    params.set("maxPrice", String(filters.maxPrice));
  if (filters.condition) params.set("condition", filters.condition);
  // Left out at the default, like the address: the server then shows a search best match first.
  if (filters.sort !== defaultSortFor(filters.search)) params.set("sort", filters.sort);
  if (filters.hideReserved) params.set("hideReserved", "true");
  if (filters.verifiedOnly) params.set("verifiedOnly", "true");
  params.set("page", String(filters.page));
  return `/api/items?${params}`;
}
