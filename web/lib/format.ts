import { CAMPUS_TIME_ZONE } from "@shared/constants";

// Every date a student reads is the campus calendar (India), wherever their browser is.
// Each formatter is made the first time it is used: making one costs a slow phone tens of
// milliseconds, and a page uses two or three of the nine.
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** A date formatter in Indian English, made on first use. */
const dates = (options: Intl.DateTimeFormatOptions, locale = "en-IN") =>
  lazily(() => new Intl.DateTimeFormat(locale, options));

const DAY_MONTH_YEAR = { day: "numeric", month: "short", year: "numeric" } as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;
const campus = { timeZone: CAMPUS_TIME_ZONE };
// A stored wall-clock date and time (an event's, a holiday's) is the campus clock already:
// read and shown as UTC so it never shifts.
const wallClock = { timeZone: "UTC" };

const rupees = lazily(() => new Intl.NumberFormat("en-IN"));
const dateFormat = dates({ ...DAY_MONTH_YEAR, ...campus });
const dateTimeFormat = dates({ ...DAY_MONTH_YEAR, ...TIME, ...campus });
const timeFormat = dates({ ...TIME, ...campus });
const dayMonthFormat = dates({ day: "numeric", month: "short", ...campus });
const calendarDayFormat = dates(campus, "en-CA");
const wallDateFormat = dates({ ...DAY_MONTH_YEAR, ...wallClock });
const wallDateTimeFormat = dates({ ...DAY_MONTH_YEAR, ...TIME, ...wallClock });
const relative = lazily(() => new Intl.RelativeTimeFormat("en-IN", { numeric: "auto" }));

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The campus calendar day of a time, as YYYY-MM-DD. */
export function campusDay(date: Date): string {
  return calendarDayFormat().format(date);
}

function isSameCampusDay(a: Date, b: Date): boolean {
  return campusDay(a) === campusDay(b);
}

/** '₹1,25,000': whole rupees with Indian digit grouping. */
export function formatRupees(amount: number): string {
  return `₹${rupees().format(amount)}`;
}

/** '23 Nov 2026'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat().format(date) : "";
}

/** '23 Nov'; an unreadable date shows nothing. */
export function formatDayMonth(iso: string): string {
  const date = parse(iso);
  return date ? dayMonthFormat().format(date) : "";
}

/** '23 Nov 2026, 2:30 pm'; an unreadable date shows nothing. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat().format(date) : "";
}

/** A list's time: '2:30 pm' today, '23 Nov' before that. */
export function formatTimeOrDay(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return "";
  return isSameCampusDay(date, now) ? timeFormat().format(date) : dayMonthFormat().format(date);
}

/** Under a message: '2:30 pm' today, '23 Nov, 2:30 pm' before that. */
export function formatTimeWithDay(iso: string, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return "";
  const time = timeFormat().format(date);
  return isSameCampusDay(date, now) ? time : `${dayMonthFormat().format(date)}, ${time}`;
}

/** A calendar day kept as YYYY-MM-DD (an event's, a holiday's) as '24 Nov 2026'; the raw text if unreadable. */
export function formatCalendarDate(date: string): string {
  const value = parse(`${date}T00:00:00Z`);
  return value ? wallDateFormat().format(value) : date;
}

/** A wall-clock YYYY-MM-DD and HH:MM (an event's) as '24 Nov 2026, 5:30 pm'; the raw text if unreadable. */
export function formatCalendarDateTime(date: string, time: string): string {
  const value = parse(`${date}T${time}:00Z`);
  return value ? wallDateTimeFormat().format(value) : `${date} ${time}`.trim();
}

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
  return relative().format(-Math.floor(elapsed / size), unit);
}
