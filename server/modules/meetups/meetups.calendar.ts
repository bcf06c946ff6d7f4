import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { utcStamp } from "@shared/events-calendar";
import { MEETUP_CALENDAR_MINUTES, MEETUP_TEXTS } from "@shared/meetups-constants";
import { fold, text } from "../../lib/ical-lines";
import type { MeetupRow } from "./meetups.repository";

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
