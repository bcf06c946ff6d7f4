import type { CampusEvent } from "@shared/api/events";

/** The machine-readable moment for <time dateTime>: the event's wall clock is India's, UTC+05:30 all year. */
export function eventDateTimeAttribute(event: Pick<CampusEvent, "date" | "time">): string {
  return `${event.date}T${event.time}+05:30`;
}
