import type { ReportQueueResponse } from "@shared/api/reports";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** The moderation queue: open reports by target, and open Safety Concerns tickets. */
export const adminReportsQueryOptions = queryOptions({
  queryKey: adminKeys.reports,
  queryFn: ({ signal }) => apiFetch<ReportQueueResponse>(adminPath("/reports"), { signal }),
});
