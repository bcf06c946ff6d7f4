import type { ItemDetailResponse } from "@shared/api/items";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { itemKeys } from "../../../lib/query-keys";

export const itemDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<ItemDetailResponse>(`/api/items/${encodeURIComponent(id)}`, { signal }),
  });
