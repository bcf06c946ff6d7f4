/** Event texts the pages show; apart from the schemas so that showing them needs no zod. */

export const EVENT_MESSAGES = {
  noEvents: "No events match your filters.",
  posted: "Event posted successfully!",
  deleted: "Event deleted successfully!",
  deleteConfirm: "Are you sure you want to delete this event?",
  imageUrl: "Image URL must be a valid URL.",
  registrationUrl: "Registration URL must be a valid URL.",
  required: (field: string) => `${field} is required.`,
  notFound: "Event not found.",
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

/** How long an event lasts in a calendar when nothing else is known. */
export const EVENT_DEFAULT_HOURS = 2;
