import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

export function deleteUser(id: string): Promise<void> {
  return apiFetch(adminPath(`/users/${encodeURIComponent(id)}`), { method: "DELETE" });
}

/** Deletes a student's account with everything they posted. */
export function useDeleteUser(config?: MutationConfig<typeof deleteUser>) {
  return useAdminMutation(deleteUser, config);
}
