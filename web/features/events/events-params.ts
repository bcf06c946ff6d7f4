import { readBoolean, readString, withParams } from "@shared/search-params";

/** The events filters as the address holds them, and as GET /api/events receives them. */
export interface EventFilters {
  /** Empty: every college. */
  college: string;
  /** Empty: every city. */
  city: string;
  /** YYYY-MM-DD; empty: any day. */
  date: string;
  search: string;
  /** On by default: events that have begun are hidden. */
  isUpcomingOnly: boolean;
  /** 'Only events I'm interested in'. */
  isInterestedOnly: boolean;
  /** A shared link's event (/events?event=ID): that card alone; empty: the list. */
  eventId: string;
}

export interface Campus {
  college: string;
  city: string;
}

export type EventFilterChange = Partial<EventFilters>;

const SEARCH_MAX_LENGTH = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** What an empty query string means, apart from the campus (the student's own). */
const DEFAULTS = { date: "", search: "", upcoming: true, interested: false, event: "" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A calendar date that exists (2026-02-30 does not), so the server is never asked for one. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads the filters from the address. Without a `college` key the student's own city applies, every
 * college of it (the list puts their own college's events first); `college=` (empty) records that
 * they chose every college, and `college=&city=` every city too.
 */
export function parseEventFilters(params: URLSearchParams, own: Campus): EventFilters {
  const hasCampus = params.has("college");
  return {
    college: hasCampus ? readString(params, "college") : "",
    city: hasCampus ? readString(params, "city") : own.city,
    date: readString(params, "date", { trim: false, accept: isCalendarDate }),
    search: readString(params, "search", { maxLength: SEARCH_MAX_LENGTH }),
    isUpcomingOnly: readBoolean(params, "upcoming", DEFAULTS.upcoming),
    isInterestedOnly: readBoolean(params, "interested", DEFAULTS.interested),
    eventId: readString(params, "event", { trim: false, accept: (value) => UUID.test(value) }),
  };
}

/** The address after a filter change; only what differs from the defaults is written. */
export function applyEventFilterChange(current: URLSearchParams, change: EventFilterChange): URLSearchParams {
  const isCampusChange = change.college !== undefined || change.city !== undefined;
  return withParams(
    current,
    {
      // College and city are chosen together, and both are kept even when empty (see parse).
      college: isCampusChange ? (change.college ?? "") : undefined,
      city: isCampusChange ? (change.city ?? "") : undefined,
      date: change.date,
      search: change.search,
      upcoming: change.isUpcomingOnly,
      interested: change.isInterestedOnly,
      // Any filter change leaves a shared link's single card for the list.
      event: change.eventId ?? "",
    },
    DEFAULTS,
  );
}

/** The query string of GET /api/events for these filters; it always says whether only upcoming ones. */
export function eventsQueryString(filters: EventFilters): string {
  const { college, city, date, search, isUpcomingOnly, isInterestedOnly, eventId } = filters;
  if (eventId) return new URLSearchParams({ id: eventId }).toString();
  return withParams(
    new URLSearchParams(),
    { college, city, date, search, upcoming: isUpcomingOnly, interested: isInterestedOnly },
    { college: "", city: "", date: "", search: "", interested: false },
  ).toString();
}
