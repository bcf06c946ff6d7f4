import type { CampusEvent } from "@shared/api/events";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { campusEventKeys } from "../../../lib/query-keys";

/** GET /api/events?upcoming=true: every college's upcoming events. */
export function getUpcomingEvents(signal?: AbortSignal): Promise<{ events: CampusEvent[] }> {
  return apiFetch("/api/events?upcoming=true", { signal });
}

/**
 * For the 'Linked event' picker. Under the events key, not recruitment's, so an admin's change to
 * the events (the live `events.changed`) refreshes the picker as it does the Events page.
 */
export const upcomingEventsQueryOptions = queryOptions({
  queryKey: campusEventKeys.upcoming,
  queryFn: ({ signal }) => getUpcomingEvents(signal),
  // The list comes newest first (the Events page's order); the picker offers the soonest first.
  select: (data) => ({
    events: [...data.events].sort((a, b) => `${a.date}T${a.time}`.localeCompare(`${b.date}T${b.time}`)),
  }),
  staleTime: 60_000,
});

export function useUpcomingEvents() {
  return useQuery(upcomingEventsQueryOptions);
}
