import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { campusEventKeys } from "../../../lib/query-keys";
import { adminPath, useAdminMutation } from "./admin-api";

export function deleteEvent(id: string): Promise<void> {
  return apiFetch(adminPath(`/events/${encodeURIComponent(id)}`), { method: "DELETE" });
}

/** Deletes an event from the admin list and the public events page. */
export function useDeleteEvent(config?: MutationConfig<typeof deleteEvent>) {
  return useAdminMutation(deleteEvent, config, [campusEventKeys.all]);
}
