import type { BrowseResponse, Item, ItemDetailResponse, ItemInput } from "@shared/api/items";
import type { Category } from "@shared/constants";
import type { BrowseSort } from "@shared/items-constants";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export interface BrowseFilters {
  search: string;
  category: "all" | Category;
  /** The seller's college; empty means every college. */
  college: string;
  sort: BrowseSort;
  page: number;
}

/** Every item query starts with "items", so one invalidation refreshes browse, detail and profile grids. */
export const itemKeys = {
  all: ["items"] as const,
  browse: (filters: BrowseFilters) => ["items", "browse", filters] as const,
  detail: (id: string) => ["items", "detail", id] as const,
  mine: ["items", "mine"] as const,
};

function browsePath(filters: BrowseFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  params.set("category", filters.category);
  if (filters.college) params.set("college", filters.college);
  params.set("sort", filters.sort);
  params.set("page", String(filters.page));
  return `/api/items?${params}`;
}

export const browseItemsQueryOptions = (filters: BrowseFilters) =>
  queryOptions({
    queryKey: itemKeys.browse(filters),
    queryFn: ({ signal }) => apiFetch<BrowseResponse>(browsePath(filters), { signal }),
    // The last page stays on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export const itemDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<ItemDetailResponse>(`/api/items/${encodeURIComponent(id)}`, { signal }),
  });

const itemPath = (id: string) => `/api/items/${encodeURIComponent(id)}`;

export function createItem(input: ItemInput): Promise<{ item: Item }> {
  return apiFetch("/api/items", { method: "POST", json: input });
}

export function updateItem(id: string, input: ItemInput): Promise<{ item: Item }> {
  return apiFetch(itemPath(id), { method: "PATCH", json: input });
}

export function markItemSold(id: string): Promise<{ item: Item }> {
  return apiFetch(`${itemPath(id)}/sold`, { method: "POST" });
}

export function deleteItem(id: string): Promise<void> {
  return apiFetch(itemPath(id), { method: "DELETE" });
}

export function setFavourite(id: string, isFavourite: boolean): Promise<void> {
  return apiFetch(`${itemPath(id)}/favourite`, { method: isFavourite ? "PUT" : "DELETE" });
}

/** After any change to an item: lists, details and the dashboard counts may all be stale. */
export async function invalidateItemQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
  ]);
}
