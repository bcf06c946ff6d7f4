import type { BrowseResponse } from "@shared/api/items";
import { type BrowseFilters, browseApiPath } from "@shared/browse-filters";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { pageResponsesTime, takePageResponse } from "../../../lib/page-responses";
import { itemKeys } from "../../../lib/query-keys";

export type { BrowseFilters };

export const browseItemsQueryOptions = (filters: BrowseFilters) =>
  queryOptions({
    queryKey: [...itemKeys.all, "browse", filters] as const,
    queryFn: ({ signal }) => apiFetch<BrowseResponse>(browseApiPath(filters), { signal }),
    initialData: () => takePageResponse<BrowseResponse>(browseApiPath(filters)),
    initialDataUpdatedAt: pageResponsesTime,
    // The last page stays on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
