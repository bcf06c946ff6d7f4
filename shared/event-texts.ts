/**
 * Texts of the events' calendar, interest, sharing and reminders (issue 22, binding texts); apart
 * from events-constants so that only the events page and the server load them.
 */

/** How long an event lasts in a calendar when nothing else is known. */
export const EVENT_DEFAULT_HOURS = 2;

export const EVENT_TEXTS = {
  addToCalendar: "Add to Calendar",
  googleCalendar: "Google Calendar",
  downloadIcs: "Download .ics",
  interested: "Interested",
  interestedCount: (count: number) => `${count} interested`,
  onlyInterested: "Only events I'm interested in",
  ended: "This event has ended",
  share: "Share",
  linkCopied: "Link copied",
  teamsLooking: (count: number) => `Teams looking for members (${count})`,
  /** The day before: 'Tomorrow: HackDU at 10:00 am, Main Auditorium.' */
  reminderDayBefore: (title: string, time: string, place: string) =>
    `Tomorrow: ${title} at ${time}, ${place}.`,
  /** An hour before: 'HackDU starts in an hour at Main Auditorium.' */
  reminderHourBefore: (title: string, place: string) => `${title} starts in an hour at ${place}.`,
  /** A day before 'Registration closes'. */
  reminderRegistration: (title: string, time: string) =>
    `Registration for ${title} closes tomorrow at ${time}.`,
  /** An organiser moved it: 'HackDU moved to Sat 14 Mar, 10:00 am at Main Auditorium.' */
  moved: (title: string, date: string, place: string) => `${title} moved to ${date} at ${place}.`,
  cancelled: (title: string, reason: string) => `${title} was cancelled: ${reason}`,
  cancelledBadge: "Cancelled",
  postEvent: "Post Event",
  editEvent: "Edit",
  cancelEvent: "Cancel Event",
  cancelReason: "Reason",
  subscribe: (college: string) => `Subscribe to ${college} events`,
  endDate: "End date",
  endTime: "End time",
  registrationCloses: "Registration closes",
} as const;

/** 10:00 am, 6:30 pm (from HH:MM). */
export function twelveHourTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const half = hours < 12 ? "am" : "pm";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${half}`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Sat 14 Mar, 10:00 am' from an India date (YYYY-MM-DD) and time (HH:MM). */
export function shortDateTime(date: string, time: string): string {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]}, ${twelveHourTime(time)}`;
}
