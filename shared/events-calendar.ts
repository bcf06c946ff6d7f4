/** When an event starts and ends, and its calendar links; shared by the server's .ics and the cards. */

import { CAMPUS_TIME_ZONE } from "./constants";
import { EVENT_DEFAULT_HOURS } from "./event-texts";
import { publicEventPath } from "./events-constants";
import { eventPath } from "./notification-links";

interface EventTimes {
  /** YYYY-MM-DD, India's calendar. */
  date: string;
  /** HH:MM, India time. */
  time: string;
  /** When it ends, if known; otherwise EVENT_DEFAULT_HOURS after the start. */
  endDate?: string | null;
  endTime?: string | null;
}

interface CalendarEvent extends EventTimes {
  id: string;
  title: string;
  description: string;
  venue: string;
  college: string;
  city: string;
}

/** India keeps one offset all year, so an event's start is its date and time at +05:30. */
export function eventStart({ date, time }: EventTimes): Date {
  return new Date(`${date}T${time}:00+05:30`);
}

export function eventEnd(event: EventTimes): Date {
  if (event.endDate && event.endTime) return eventStart({ date: event.endDate, time: event.endTime });
  return new Date(eventStart(event).getTime() + EVENT_DEFAULT_HOURS * 60 * 60 * 1000);
}

/** The India date and time (YYYY-MM-DD, HH:MM) of an instant: India keeps +05:30 all year. */
export function indiaWallTime(at: Date): { date: string; time: string } {
  const shifted = new Date(at.getTime() + 330 * 60 * 1000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** 20990115T100000: a local date-time for DTSTART;TZID=Asia/Kolkata. */
export function localStamp({ date, time }: { date: string; time: string }): string {
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

/** 20261124T043000Z */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Where the event's card opens: /events with the event's id (one rule with the notifications' links). */
export { eventPath };

export function eventLocation(event: Pick<CalendarEvent, "venue" | "college" | "city">): string {
  return [event.venue, event.college, event.city].filter((part) => part.trim()).join(", ");
}

/** A prefilled Google Calendar link; its details end with the event's public page (decision 057). */
export function googleCalendarUrl(event: CalendarEvent, origin: string): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${utcStamp(eventStart(event))}/${utcStamp(eventEnd(event))}`,
    details: `${event.description}\n\n${origin}${publicEventPath(event.id)}`,
    location: eventLocation(event),
    ctz: CAMPUS_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
