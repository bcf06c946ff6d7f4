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
