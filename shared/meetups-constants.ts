/** Meetup spots and meetups in a chat (issue 38): limits and the texts the pages show; no zod here. */

/** A spot the administrator keeps is approved; a student's suggestion waits for the administrator. */
export const MEETUP_SPOT_STATUSES = ["approved", "pending"] as const;
export type MeetupSpotStatus = (typeof MEETUP_SPOT_STATUSES)[number];

/**
 * A meetup's state: proposed (waiting for the other side), accepted, or replaced by a later
 * proposal in the same chat ('Suggest another').
 */
export const MEETUP_STATUSES = ["proposed", "accepted", "replaced"] as const;
export type MeetupStatus = (typeof MEETUP_STATUSES)[number];

export const MEETUP_SPOT_NAME_MAX = 60;
export const MEETUP_SPOT_DIRECTIONS_MAX = 140;
/** A meetup is at least this far ahead when it is proposed. */
export const MEETUP_MIN_LEAD_MINUTES = 30;
/** And at most this far ahead: a meetup is for this deal, not next term. */
export const MEETUP_MAX_DAYS_AHEAD = 30;
/** Both sides are reminded this long before the meetup. */
export const MEETUP_REMINDER_MINUTES = 60;
/** How long the calendar entry lasts. */
export const MEETUP_CALENDAR_MINUTES = 30;

export const MEETUP_TEXTS = {
  /** Binding (issue 38): on every meetup card. */
  safety: "Meet in a public place. Check the item before you pay. Pay on handover.",
  suggestMeetup: "Suggest a meetup",
  suggestAnother: "Suggest another",
  accept: "Accept",
  suggestSpot: "Suggest a spot",
  today: "Today",
  tomorrow: "Tomorrow",
  /** The date picker beyond 'Today' and 'Tomorrow', up to MEETUP_MAX_DAYS_AHEAD days out. */
  date: "Date",
  dateHint: `Or any day in the next ${MEETUP_MAX_DAYS_AHEAD} days.`,
  accepted: "Accepted",
  waiting: "Waiting for an answer",
  replaced: "Replaced by a newer suggestion",
  addToCalendar: "Add to calendar",
  noSpots: "No meetup spots for this college yet. Suggest one below.",
  spotSuggested: "Thanks! The spot will be listed once the administrator approves it.",
  /** The chat's latest message and the other side's notification. */
  proposed: (spot: string, when: string) => `Suggested a meetup: ${spot}, ${when}`,
  proposedNotice: (name: string, spot: string, when: string) =>
    `${name} suggested meeting at ${spot}, ${when}.`,
  acceptedNotice: (name: string, spot: string, when: string) =>
    `${name} accepted the meetup at ${spot}, ${when}.`,
  /** The header's line once a meetup is accepted. */
  header: (spot: string, when: string) => `Meetup: ${spot}, ${when}`,
  reminder: (spot: string, when: string, item: string) =>
    `Reminder: your meetup for ${item} is at ${spot}, ${when}.`,
} as const;

export const MEETUP_MESSAGES = {
  tooSoon: `Please pick a time at least ${MEETUP_MIN_LEAD_MINUTES} minutes from now.`,
  tooLate: `Please pick a time within the next ${MEETUP_MAX_DAYS_AHEAD} days.`,
  spotNotFound: "That meetup spot is not available. Please pick another.",
  notItemChat: "Meetups are for conversations about an item.",
  meetupNotFound: "Meetup not found.",
  notYours: "Only the other person can accept this meetup.",
  notOpen: "This meetup suggestion is no longer open.",
  collegeNotFound: "College not found.",
  spotExists: "That college already has a spot with this name.",
  badTime: "Please pick a valid time.",
  badDate: "Please pick a date.",
  pastDate: "That day has passed. Please pick today or a later day.",
  farDate: `That day is too far ahead. Please pick a day within the next ${MEETUP_MAX_DAYS_AHEAD} days.`,
  spotName: "Please enter the spot's name.",
  spotDirections: "Please enter one line of directions.",
} as const;
