import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

export function liftSuspension(userId: string): Promise<void> {
  return apiFetch(adminPath(`/users/${encodeURIComponent(userId)}/suspension`), { method: "DELETE" });
}

/** Ends a student's suspension: they may sign in again and their posts show. */
export function useLiftSuspension(config?: MutationConfig<typeof liftSuspension>) {
  return useAdminMutation(liftSuspension, config);
}
