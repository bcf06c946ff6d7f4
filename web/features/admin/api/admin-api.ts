import type { AdminOverviewResponse } from "@shared/api/dashboard";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Every admin query starts with "admin", so one invalidation after an action refreshes them all. */
export const adminKeys = {
  all: ["admin"] as const,
  overview: ["admin", "overview"] as const,
  events: ["admin", "events"] as const,
  items: (page: number) => ["admin", "items", page] as const,
  users: (filters: object) => ["admin", "users", filters] as const,
  recruitment: (page: number) => ["admin", "recruitment", page] as const,
  tickets: ["admin", "tickets"] as const,
  ticket: (ticketId: string) => ["admin", "ticket", ticketId] as const,
  audit: (page: number) => ["admin", "audit", page] as const,
};

export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: () => apiFetch<AdminOverviewResponse>("/api/admin/overview"),
});

/**
 * After any admin action: the panel's lists, counts and the audit log are stale. Only the
 * queries on screen refetch; the rest refetch when they are next shown.
 */
export function invalidateAdminQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** The path of an admin API call with its query string, leaving out empty values. */
export function adminPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return `/api/admin${path}${query ? `?${query}` : ""}`;
}
