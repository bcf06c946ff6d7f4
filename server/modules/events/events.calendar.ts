import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { eventEnd, eventLocation, indiaWallTime, localStamp, utcStamp } from "@shared/events-calendar";
import { publicEventPath } from "@shared/events-constants";
import { fold, text } from "../../lib/ical-lines";
import type { EventRow } from "./events.repository";

/** India keeps +05:30 all year: one STANDARD rule describes it. */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${CAMPUS_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0530",
  "TZOFFSETTO:+0530",
  "TZNAME:IST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

type CalendarRow = Pick<
  EventRow,
  | "id"
  | "title"
  | "description"
  | "organizer"
  | "venue"
  | "college"
  | "city"
  | "date"
  | "time"
  | "endDate"
  | "endTime"
  | "sequence"
  | "cancelledAt"
  | "cancelReason"
  | "createdAt"
>;

/** One VEVENT: India times with their zone, the real end, an alarm an hour before, and its SEQUENCE. */
function vevent(event: CalendarRow, publicUrl: string, now: Date | null): string[] {
  const url = new URL(publicUrl);
  const isCancelled = event.cancelledAt !== null;
  const description = isCancelled
    ? `${text(`Cancelled: ${event.cancelReason ?? ""}`)}\\n\\n${text(event.description)}`
    : text(event.description);
  return [
    "BEGIN:VEVENT",
    `UID:event-${event.id}@${url.hostname}`,
    `DTSTAMP:${utcStamp(now ?? event.createdAt)}`,
    `DTSTART;TZID=${CAMPUS_TIME_ZONE}:${localStamp(event)}`,
    `DTEND;TZID=${CAMPUS_TIME_ZONE}:${localStamp(indiaWallTime(eventEnd(event)))}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${isCancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${text(event.title)}`,
    `LOCATION:${text(eventLocation(event))}`,
    // Each part escaped alone, so a CR at the end of the description cannot pair with the LF after it.
    `DESCRIPTION:${description}\\n\\n${text(`Organised by ${event.organizer}.`)}`,
    // The event's public page: it opens signed out too, and in the app it is the event's card.
    `URL:${url.origin}${publicEventPath(event.id)}`,
    ...(isCancelled
      ? []
      : [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          "TRIGGER:-PT1H",
          `DESCRIPTION:${text(event.title)}`,
          "END:VALARM",
        ]),
    "END:VEVENT",
  ];
}

function calendar(head: string[], events: string[][]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Campus Bazaar//Events//EN",
    "CALSCALE:GREGORIAN",
    ...head,
    ...VTIMEZONE,
    ...events.flat(),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/**
 * One event as an iCalendar file, with a UID that stays the same across downloads and a SEQUENCE
 * that grows with each change, so a calendar updates the event instead of adding it twice.
 * METHOD:CANCEL is for the mail that tells a student it was cancelled. DTSTAMP is `now` (the
 * moment by default); with `now: null` it is the event's creation, as in the feed, so the file is
 * the same bytes for every visitor and a shared cache may keep it.
 */
export function eventIcs(
  event: CalendarRow,
  publicUrl: string,
  options: { method?: "PUBLISH" | "CANCEL"; now?: Date | null } = {},
): string {
  const now = options.now === undefined ? new Date() : options.now;
  return calendar([`METHOD:${options.method ?? "PUBLISH"}`], [vevent(event, publicUrl, now)]);
}

/** How often a calendar app should fetch a college's feed again. */
export const FEED_REFRESH = "PT6H";

/**
 * A college's events as a feed calendar apps subscribe to: what the cards show, nobody's account.
 * The same bytes for every visitor (DTSTAMP is each event's creation), so caches may share it.
 */
export function collegeFeedIcs(college: string, events: CalendarRow[], publicUrl: string) {
  return calendar(
    [
      "METHOD:PUBLISH",
      `X-WR-CALNAME:${text(`${college} events`)}`,
      `X-WR-TIMEZONE:${CAMPUS_TIME_ZONE}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
      `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ],
    events.map((event) => vevent(event, publicUrl, null)),
  );
}

/** A file name from the title: letters, digits and dashes. */
export function icsFileName(event: Pick<EventRow, "title">): string {
  const slug = event.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${slug || "event"}.ics`;
}
