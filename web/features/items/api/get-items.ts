import type { BrowseResponse } from "@shared/api/items";
import type { Category } from "@shared/constants";
import type { BrowseSort } from "@shared/items-constants";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { itemKeys } from "../../../lib/query-keys";

export interface BrowseFilters {
  search: string;
  category: "all" | Category;
  /** The seller's college; empty means every college. */
  college: string;
  sort: BrowseSort;
  /** 'Hide reserved': leaves out items an accepted offer holds. */
  hideReserved?: boolean;
  page: number;
}

function browsePath(filters: BrowseFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  params.set("category", filters.category);
  if (filters.college) params.set("college", filters.college);
  params.set("sort", filters.sort);
  if (filters.hideReserved) params.set("hideReserved", "true");
  params.set("page", String(filters.page));
  return `/api/items?${params}`;
}

export const browseItemsQueryOptions = (filters: BrowseFilters) =>
  queryOptions({
    queryKey: [...itemKeys.all, "browse", filters] as const,
    queryFn: ({ signal }) => apiFetch<BrowseResponse>(browsePath(filters), { signal }),
    // The last page stays on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
