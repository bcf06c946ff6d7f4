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
} as const;

/** The public event page (/events/{id}), read signed out from a shared link (issue 40). */
export const PUBLIC_EVENT_TEXTS = {
  signInToMarkInterested: "Sign in to mark Interested",
  createAccount: "Create Free Account",
  interested: (count: number) => (count === 1 ? "1 student interested" : `${count} students interested`),
  organisedBy: (organizer: string, college: string) => `Organised by ${organizer}, ${college}`,
  ended: "This event has ended",
  neutralDescription: "Events and hackathons at colleges near you, on Campus Bazaar.",
} as const;

/** A public event page's own address, the one a share sends. */
export function publicEventPath(id: string): string {
  return `/events/${encodeURIComponent(id)}`;
}
