import type { FavouritesResponse } from "@shared/api/items";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { itemKeys } from "../../../lib/query-keys";

/** Under the item keys, so a change to any item (sold, deleted, edited) refreshes the list too. */
export const favouritesKey = [...itemKeys.all, "favourites"] as const;

export const favouritesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...favouritesKey, page] as const,
    queryFn: ({ signal }) => apiFetch<FavouritesResponse>(`/api/me/favourites?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
