import { campusEventKeys } from "../../../lib/query-keys";
import type { EventFilters } from "../events-params";

/**
 * Every events query starts with "events": the live socket's events.changed refreshes them all.
 * Apart from the request so the live wiring (in the main bundle) imports only the keys.
 */
export const eventKeys = {
  all: campusEventKeys.all,
  list: (filters: EventFilters) => ["events", "list", filters] as const,
};
