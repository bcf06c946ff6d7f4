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
}

export interface Campus {
  college: string;
  city: string;
}

export type EventFilterChange = Partial<EventFilters>;

const SEARCH_MAX_LENGTH = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists (2026-02-30 does not), so the server is never asked for one. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads the filters from the address. Without a `college` key the student's own college and city
 * apply (the spec's default); `college=` (empty) records that they chose every college.
 */
export function parseEventFilters(params: URLSearchParams, own: Campus): EventFilters {
  const hasCampus = params.has("college");
  const date = params.get("date") ?? "";
  return {
    college: hasCampus ? (params.get("college") ?? "").trim() : own.college,
    city: hasCampus ? (params.get("city") ?? "").trim() : own.city,
    date: isCalendarDate(date) ? date : "",
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    isUpcomingOnly: params.get("upcoming") !== "false",
  };
}

/** The address after a filter change; only what differs from the defaults is written. */
export function applyEventFilterChange(current: URLSearchParams, change: EventFilterChange): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.college !== undefined || change.city !== undefined) {
    // College and city are chosen together, and both are kept even when empty (see parse).
    next.set("college", change.college ?? "");
    next.set("city", change.city ?? "");
  }
  if (change.date !== undefined) {
    if (change.date) next.set("date", change.date);
    else next.delete("date");
  }
  if (change.search !== undefined) {
    if (change.search) next.set("search", change.search);
    else next.delete("search");
  }
  if (change.isUpcomingOnly !== undefined) {
    if (change.isUpcomingOnly) next.delete("upcoming");
    else next.set("upcoming", "false");
  }
  return next;
}

/** The query string of GET /api/events for these filters. */
export function eventsQueryString(filters: EventFilters): string {
  const params = new URLSearchParams();
  if (filters.college) params.set("college", filters.college);
  if (filters.city) params.set("city", filters.city);
  if (filters.date) params.set("date", filters.date);
  if (filters.search) params.set("search", filters.search);
  params.set("upcoming", String(filters.isUpcomingOnly));
  return params.toString();
}
