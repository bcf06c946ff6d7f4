/** A meetup's time as both sides read it: India time, whatever the device's zone. */
import { CAMPUS_TIME_ZONE } from "./constants";

const dayAndTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: CAMPUS_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** 'Sat 6 Dec, 5:00 pm IST' */
export function formatMeetupTime(at: Date | string): string {
  const parts = Object.fromEntries(
    dayAndTime
      .formatToParts(typeof at === "string" ? new Date(at) : at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()} IST`;
}

/** YYYY-MM-DD of a moment in India. */
export function indiaDateOf(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: CAMPUS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The moment of a date and time in India (UTC+05:30 all year). */
export function indiaMoment(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`);
}
