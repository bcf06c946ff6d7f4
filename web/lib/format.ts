import { CAMPUS_UTC_OFFSET_MINUTES } from "@shared/constants";

// Every date a student reads is the campus calendar (India), wherever their browser is.
//
// Rupees, days and clock times are written here rather than by Intl: the first Intl formatter a
// page makes costs the main thread 60 to 100 ms while the browser loads its locale data (measured in
// Chromium), and a list draws prices and dates in its first paint. The texts are those of Intl's
// 'en-IN' formats ('₹1,25,000', '5 Sept 2026', '2:30 pm'); format.test.ts holds them to Intl's over
// many values. Relative times ('3 hours ago') still use Intl, made on first use (decision 037).

/** Intl's short month names in Indian English. */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const CAMPUS_OFFSET_MS = CAMPUS_UTC_OFFSET_MINUTES * 60_000;

/** A moment as read on a clock: UTC's fields of a date shifted to that clock. */
type Clock = Date;

/** The campus clock's reading of a moment (India has one offset all year). */
const onCampus = (date: Date): Clock => new Date(date.getTime() + CAMPUS_OFFSET_MS);

const dayMonth = (clock: Clock) => `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]}`;
const dayMonthYear = (clock: Clock) => `${dayMonth(clock)} ${clock.getUTCFullYear()}`;
const clockTime = (clock: Clock) => {
  const hours = clock.getUTCHours();
  const minutes = String(clock.getUTCMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
};

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The campus calendar day of a time, as YYYY-MM-DD. */
export function campusDay(date: Date): string {
  return onCampus(date).toISOString().slice(0, 10);
}

function isSameCampusDay(a: Date, b: Date): boolean {
  return campusDay(a) === campusDay(b);
}

export { formatRupees } from "@shared/rupees";

/** '23 Nov 2026'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dayMonthYear(onCampus(date)) : "";
}

/** '23 Nov'; an unreadable date shows nothing. */
export function formatDayMonth(iso: string): string {
  const date = parse(iso);
  return date ? dayMonth(onCampus(date)) : "";
}

/** '23 Nov 2026, 2:30 pm'; an unreadable date shows nothing. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return "";
  const clock = onCampus(date);
  return `${dayMonthYear(clock)}, ${clockTime(clock)}`;
}

/** A list's time: '2:30 pm' today, '23 Nov' before that. */
export function formatTimeOrDay(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return "";
  const clock = onCampus(date);
  return isSameCampusDay(date, now) ? clockTime(clock) : dayMonth(clock);
}

/** Under a message: '2:30 pm' today, '23 Nov, 2:30 pm' before that. */
export function formatTimeWithDay(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return "";
  const clock = onCampus(date);
  return isSameCampusDay(date, now) ? clockTime(clock) : `${dayMonth(clock)}, ${clockTime(clock)}`;
}

/** A calendar day kept as YYYY-MM-DD (an event's, a holiday's) as '24 Nov 2026'; the raw text if unreadable. */
export function formatCalendarDate(date: string): string {
  const value = parse(`${date}T00:00:00Z`);
  return value ? dayMonthYear(value) : date;
}

/** A wall-clock YYYY-MM-DD and HH:MM (an event's) as '24 Nov 2026, 5:30 pm'; the raw text if unreadable. */
export function formatCalendarDateTime(date: string, time: string): string {
  const value = parse(`${date}T${time}:00Z`);
  return value ? `${dayMonthYear(value)}, ${clockTime(value)}` : `${date} ${time}`.trim();
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

/** '3 hours ago', 'yesterday', '5 minutes ago': whole units, rounded down; '' if unreadable. */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const elapsed = Math.max(0, now - then);
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? ["minute", 60 * 1000];
  relativeFormat ??= new Intl.RelativeTimeFormat("en-IN", { numeric: "auto" });
  return relativeFormat.format(-Math.floor(elapsed / size), unit);
}
