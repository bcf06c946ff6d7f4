import type { AdminUser, AuditResponseSchema } from "@shared/api/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
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

export type EditUserBody = Pick<AdminUser, "name" | "email" | "mobile" | "city" | "college">;

export function editUser(id: string, body: EditUserBody): Promise<{ user: AdminUser }> {
  return apiFetch(adminPath(`/users/${encodeURIComponent(id)}`), { method: "PATCH", json: body });
}

export function deleteUser(id: string): Promise<void> {
  return apiFetch(adminPath(`/users/${encodeURIComponent(id)}`), { method: "DELETE" });
}

export const adminAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof AuditResponseSchema>>(adminPath("/audit", { page }), { signal }),
    placeholderData: keepPreviousData,
  });
