import type { SavedSearch, SavedSearchesResponse, SavedSearchInput } from "@shared/api/listings";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export const savedSearchKeys = { all: ["saved-searches"] as const };

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => apiFetch<SavedSearchesResponse>("/api/me/saved-searches", { signal }),
  });

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) =>
      apiFetch<{ savedSearch: SavedSearch }>("/api/me/saved-searches", { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/me/saved-searches/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useMarkSavedSearchSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ savedSearch: SavedSearch }>(`/api/me/saved-searches/${encodeURIComponent(id)}/seen`, {
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** The /buy address of a saved search's filters. */
export function browsePathOf(search: Pick<SavedSearch, "search" | "category" | "college">): string {
  const params = new URLSearchParams();
  if (search.search) params.set("search", search.search);
  params.set("category", search.category);
  params.set("college", search.college);
  return `/buy?${params}`;
}
