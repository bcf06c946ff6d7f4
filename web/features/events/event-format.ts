import type { CampusEvent } from "@shared/api/events";

// The event's date and time are India's wall clock already: format them as they are (UTC in,
// UTC out), never shifted into the reader's own time zone.
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

function wallClock(date: string, time = "00:00"): Date | null {
  const value = new Date(`${date}T${time}:00Z`);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** '24 Nov 2026, 5:30 pm'; the raw text if the stored values cannot be read. */
export function formatEventDateTime(event: Pick<CampusEvent, "date" | "time">): string {
  const value = wallClock(event.date, event.time);
  return value ? dateTimeFormat.format(value) : `${event.date} ${event.time}`.trim();
}

/** The machine-readable moment for <time dateTime>: India is UTC+05:30 all year. */
export function eventDateTimeAttribute(event: Pick<CampusEvent, "date" | "time">): string {
  return `${event.date}T${event.time}+05:30`;
}

/** '24 Nov 2026' for a YYYY-MM-DD date, as the filter summary shows it. */
export function formatEventDate(date: string): string {
  const value = wallClock(date);
  return value ? dateFormat.format(value) : date;
}
