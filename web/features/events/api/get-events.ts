import type { EventListResponse } from "@shared/api/events";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { type EventFilters, eventsQueryString } from "../events-params";
import { eventKeys } from "./events-api";

/** GET /api/events: the events matching the filters, filtered on the server. */
export function getEvents(filters: EventFilters, signal?: AbortSignal): Promise<EventListResponse> {
  return apiFetch(`/api/events?${eventsQueryString(filters)}`, { signal });
}

export const eventsQueryOptions = (filters: EventFilters) =>
  queryOptions({
    queryKey: eventKeys.list(filters),
    queryFn: ({ signal }) => getEvents(filters, signal),
    // The last list stays on screen (dimmed) while the next filter's list loads.
    placeholderData: keepPreviousData,
  });

export function useEvents(filters: EventFilters) {
  return useQuery(eventsQueryOptions(filters));
}
