import type { CampusEvent } from "@shared/api/events";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { type EventFilters, eventsQueryString } from "../events-params";

/** Every events query starts with "events": the live socket's events.changed refreshes them all. */
export const eventKeys = {
  all: ["events"] as const,
  list: (filters: EventFilters) => ["events", "list", filters] as const,
};

export const eventsQueryOptions = (filters: EventFilters) =>
  queryOptions({
    queryKey: eventKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<{ events: CampusEvent[] }>(`/api/events?${eventsQueryString(filters)}`, { signal }),
    // The last list stays on screen (dimmed) while the next filter's list loads.
    placeholderData: keepPreviousData,
  });
