import { CATEGORIES, type Category } from "@shared/constants";
import { BROWSE_SORTS, type BrowseSort } from "@shared/items-constants";
import type { BrowseFilters } from "./api/items-api";

export const DEFAULT_CATEGORY = "all";
export const DEFAULT_SORT: BrowseSort = "newest";

function isCategory(value: string | null): value is Category {
  return CATEGORIES.includes(value as Category);
}

function isSort(value: string | null): value is BrowseSort {
  return BROWSE_SORTS.includes(value as BrowseSort);
}

/**
 * Reads the browse filters from the address bar. Unknown values fall back to the defaults so a
 * hand-edited or outdated link still shows something. A missing `college` means "not chosen
 * yet" and takes `defaultCollege` (the student's own); `college=` means the student cleared it.
 */
export function parseBrowseFilters(params: URLSearchParams, defaultCollege: string): BrowseFilters {
  const category = params.get("category");
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim(),
    category: isCategory(category) ? category : DEFAULT_CATEGORY,
    college: params.has("college") ? (params.get("college") ?? "") : defaultCollege,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export type FilterChange = Partial<Omit<BrowseFilters, "page">>;

/**
 * The next query string after a filter change. Any change to search, category, college or sort
 * goes back to page 1 (spec section 4). Defaults are left out to keep links short, except the
 * college, whose empty value records that the student cleared it.
 */
export function applyFilterChange(params: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.search !== undefined) setOrDelete(next, "search", change.search.trim(), "");
  if (change.category !== undefined) setOrDelete(next, "category", change.category, DEFAULT_CATEGORY);
  if (change.sort !== undefined) setOrDelete(next, "sort", change.sort, DEFAULT_SORT);
  if (change.college !== undefined) next.set("college", change.college);
  next.delete("page");
  return next;
}

export function applyPageChange(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  setOrDelete(next, "page", String(page), "1");
  return next;
}

function setOrDelete(params: URLSearchParams, key: string, value: string, fallback: string): void {
  if (value === fallback) params.delete(key);
  else params.set(key, value);
}
