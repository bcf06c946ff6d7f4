import { eventEnd, eventLocation, eventPath, eventStart, utcStamp } from "@shared/events-calendar";
import type { EventRow } from "./events.repository";

/**
 * Every kind of line break a reader might honour: CRLF, CR, LF, vertical tab, form feed, NEL and the
 * Unicode line and paragraph separators. A lone CR or a U+2028 left in a value ends the line for
 * some calendar apps, and what follows it would be read as a property of its own.
 */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/** Other control characters, which a TEXT value may not hold (RFC 5545 3.3.11 allows HTAB only). */
const CONTROLS = /[^\P{Cc}\t\n\v\f\r\u0085]/gu;

/** Escapes a TEXT value (RFC 5545 3.3.11): each line break becomes `\n`; the file has no CR outside CRLF. */
function text(value: string): string {
  return value
    .replace(CONTROLS, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(LINE_BREAKS, "\\n");
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * One event as an iCalendar file: times in UTC, two hours long, with a UID that stays the same
 * across downloads so a calendar updates the event instead of adding it twice.
 */
export function eventIcs(event: EventRow, publicUrl: string, now = new Date()): string {
  const origin = new URL(publicUrl).origin;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Campus Bazaar//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:event-${event.id}@${new URL(publicUrl).hostname}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(eventStart(event))}`,
    `DTEND:${utcStamp(eventEnd(event))}`,
    `SUMMARY:${text(event.title)}`,
    `LOCATION:${text(eventLocation(event))}`,
    // Each part escaped alone, so a CR at the end of the description cannot pair with the LF after it.
    `DESCRIPTION:${text(event.description)}\\n\\n${text(`Organised by ${event.organizer}.`)}`,
    `URL:${origin}${eventPath(event.id)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A file name from the title: letters, digits and dashes. */
export function icsFileName(event: EventRow): string {
  const slug = event.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${slug || "event"}.ics`;
}
