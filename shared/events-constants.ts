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
  organiserOnly: "Only an organiser of this event's college can do that.",
  endBeforeStart: "The end must be after the start.",
  registrationAfterEnd: "Registration must close before the event ends.",
  alreadyCancelled: "This event was cancelled.",
  reasonRequired: "Please give a reason.",
  updated: "Event updated.",
  cancelledNotice: "Event cancelled. Everyone interested was told.",
  notOrganiserStudent: "Only a student of a college can organise its events.",
  organiserMade: (name: string, college: string) => `${name} is now an organiser of ${college}.`,
  organiserRevoked: (name: string) => `${name} is no longer an organiser.`,
} as const;

/** The public event page (/events/{id}), read signed out from a shared link (issue 40). */
export const PUBLIC_EVENT_TEXTS = {
  signInToMarkInterested: "Sign in to mark Interested",
  createAccount: "Create Free Account",
  interested: (count: number) => (count === 1 ? "1 student interested" : `${count} students interested`),
  organisedBy: (organizer: string, college: string) => `Organised by ${organizer}, ${college}`,
  ended: "This event has ended",
  cancelled: "Cancelled",
  /** The event's calendar file, which needs no account. */
  addToCalendar: "Add to calendar",
  neutralDescription: "Events and hackathons at colleges near you, on Campus Bazaar.",
} as const;

/** A public event page's own address, the one a share sends. */
export function publicEventPath(id: string): string {
  return `/events/${encodeURIComponent(id)}`;
}
/** The event's calendar file for anyone with its link (the public page's 'Add to calendar'). */
export function publicEventCalendarPath(id: string): string {
  return `/api/public/events/${encodeURIComponent(id)}/calendar.ics`;
}
/** The reminders an interested student gets: the day before, an hour before, a day before registration closes. */
export const EVENT_REMINDER_KINDS = ["24h", "1h", "registration"] as const;
