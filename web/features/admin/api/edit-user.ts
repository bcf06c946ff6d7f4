import type { AdminUser } from "@shared/api/admin";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

export type EditUserBody = Pick<AdminUser, "name" | "email" | "mobile" | "city" | "college">;

export function editUser({ id, ...body }: EditUserBody & { id: string }): Promise<{ user: AdminUser }> {
  return apiFetch(adminPath(`/users/${encodeURIComponent(id)}`), { method: "PATCH", json: body });
}

/** Saves a student's details. */
export function useEditUser(config?: MutationConfig<typeof editUser>) {
  return useAdminMutation(editUser, config);
}
