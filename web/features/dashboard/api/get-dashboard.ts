import type { DashboardResponse } from "@shared/api/dashboard";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: () => apiFetch<DashboardResponse>("/api/dashboard"),
});
