import type { CampusEvent, CreateEventBody } from "@shared/api/events";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { campusEventKeys } from "../../../lib/query-keys";
import { adminPath, useAdminMutation } from "./admin-api";

export function createEvent(body: CreateEventBody): Promise<{ event: CampusEvent }> {
  return apiFetch(adminPath("/events"), { method: "POST", json: body });
}

/** Posts an event: the admin list and the public events page both show it. */
export function useCreateEvent(config?: MutationConfig<typeof createEvent>) {
  return useAdminMutation(createEvent, config, [campusEventKeys.all]);
}
