import type { CampusEvent } from "@shared/api/events";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** Every event, past ones too. */
export const adminEventsQueryOptions = queryOptions({
  queryKey: adminKeys.events,
  queryFn: ({ signal }) => apiFetch<{ events: CampusEvent[] }>(adminPath("/events"), { signal }),
});
