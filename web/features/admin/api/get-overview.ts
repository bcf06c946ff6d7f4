import type { AdminOverviewResponse } from "@shared/api/dashboard";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** The counts at the top of the panel: students, cities, colleges, active items. */
export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => apiFetch<AdminOverviewResponse>(adminPath("/overview"), { signal }),
});
