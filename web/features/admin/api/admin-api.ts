import type { AdminOverviewResponse } from "@shared/api/dashboard";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export const adminOverviewQueryOptions = queryOptions({
  queryKey: ["admin", "overview"],
  queryFn: () => apiFetch<AdminOverviewResponse>("/api/admin/overview"),
});
