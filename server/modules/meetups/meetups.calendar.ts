import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { utcStamp } from "@shared/events-calendar";
import { MEETUP_CALENDAR_MINUTES, MEETUP_TEXTS } from "@shared/meetups-constants";
import type { MeetupRow } from "./meetups.repository";

const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
const CONTROLS = /[^\P{Cc}\t\n\v\f\r\u0085]/gu;

/** Escapes a TEXT value (RFC 5545 3.3.11), as the events' calendar files do. */
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
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
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

/** 20261205T170000: the local time in India (UTC+05:30 all year). */
function indiaLocal(at: Date): string {
  return utcStamp(new Date(at.getTime() + 330 * 60 * 1000)).replace(/Z$/, "");
}

/**
 * A meetup as an iCalendar file, its times in India's zone (TZID Asia/Kolkata, with the zone's
 * definition): the spot, its directions and the item's title, and no one's name, number or e-mail.
 */
export function meetupCalendar(meetup: MeetupRow, now = new Date()): { fileName: string; body: string } {
  const end = new Date(meetup.startsAt.getTime() + MEETUP_CALENDAR_MINUTES * 60 * 1000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Campus Bazaar//Meetups//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE",
    `TZID:${CAMPUS_TIME_ZONE}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0530",
    "TZOFFSETTO:+0530",
    "TZNAME:IST",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:meetup-${meetup.id}@campus-bazaar`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${CAMPUS_TIME_ZONE}:${indiaLocal(meetup.startsAt)}`,
    `DTEND;TZID=${CAMPUS_TIME_ZONE}:${indiaLocal(end)}`,
    `SUMMARY:${text(`Meetup: ${meetup.itemTitle}`)}`,
    `LOCATION:${text(meetup.spotName)}`,
    `DESCRIPTION:${text(meetup.spotDirections)}\\n\\n${text(MEETUP_TEXTS.safety)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return { fileName: "meetup.ics", body: `${lines.map(fold).join("\r\n")}\r\n` };
}
