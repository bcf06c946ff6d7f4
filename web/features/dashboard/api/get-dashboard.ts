import type { DashboardResponse } from "@shared/api/dashboard";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { dashboardKeys } from "../../../lib/query-keys";

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: () => apiFetch<DashboardResponse>("/api/dashboard"),
});
