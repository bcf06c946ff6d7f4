import type { CollegesResponse } from "@shared/api/colleges";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/**
 * The college directory under the key signup's picker and the filters use (["colleges"]), so
 * invalidating it after an add or delete refreshes every picker.
 */
export const collegeKeys = { all: ["colleges"] as const };

export const collegeDirectoryQueryOptions = queryOptions({
  queryKey: collegeKeys.all,
  queryFn: ({ signal }) => apiFetch<CollegesResponse>("/api/colleges", { signal }),
});
