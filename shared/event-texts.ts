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
  /** The reminder's text: 'HackDU starts tomorrow at 10:00 am at Main Auditorium.' */
  reminder: (title: string, day: "today" | "tomorrow", time: string, venue: string) =>
    `${title} starts ${day} at ${time} at ${venue}.`,
} as const;
