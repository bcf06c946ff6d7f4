import type { AdminUser } from "@shared/api/admin";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

/** Makes a student an 'Organiser' of their college, or revokes it. */
export function setOrganiser({ userId, isOrganiser }: { userId: string; isOrganiser: boolean }) {
  return apiFetch<{ user: AdminUser }>(adminPath(`/users/${encodeURIComponent(userId)}/organiser`), {
    method: isOrganiser ? "PUT" : "DELETE",
  });
}

export function useSetOrganiser(config?: MutationConfig<typeof setOrganiser>) {
  return useAdminMutation(setOrganiser, config);
}
