import type { AdminUser } from "@shared/api/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

export interface UserFilters {
  search: string;
  /** YYYY-MM-DD, inclusive; empty for no bound. */
  from: string;
  to: string;
  page: number;
}

export interface AdminUsersPage {
  users: AdminUser[];
  total: number;
  page: number;
  totalPages: number;
}

/** Students found on the server by text and joining dates, a page at a time. */
export const adminUsersQueryOptions = (filters: UserFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) =>
      apiFetch<AdminUsersPage>(
        adminPath("/users", {
          search: filters.search.trim(),
          from: filters.from,
          to: filters.to,
          page: filters.page,
        }),
        { signal },
      ),
    // The last page stays on screen while the next filter's page loads.
    placeholderData: keepPreviousData,
  });
