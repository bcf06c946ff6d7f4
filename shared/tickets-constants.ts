/** Support ticket constants the pages show; apart from the schemas so that showing them needs no zod. */

export const TICKET_PURPOSES = [
  "Account Issues",
  "Payment Problems",
  "Item Listing Issues",
  "Technical Bug",
  "Feature Request",
  "Safety Concerns",
  "Other",
] as const;
export type TicketPurpose = (typeof TICKET_PURPOSES)[number];

export const TICKET_STATUSES = ["open", "in-progress", "resolved", "closed", "rejected"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_MESSAGES = {
  submitted: "Ticket Submitted!",
  saveId: "Save this ID for future reference",
  failedTitle: "Submission Failed",
  failed: "There was an error submitting your ticket. Please try again or contact us directly.",
  emptyTitle: "No Support Tickets",
  emptyText: "You haven't submitted any support tickets yet.",
  purposeRequired: "Please choose a purpose.",
  descriptionRequired: "Please describe your issue.",
  notFound: "Ticket not found",
} as const;

export const TICKET_DESCRIPTION_MAX_LENGTH = 5000;

/** Badge colours of the user-side history: open blue, in-progress yellow, resolved green, closed grey. */
export const TICKET_STATUS_TONES: Record<TicketStatus, "blue" | "yellow" | "green" | "grey" | "red"> = {
  open: "blue",
  "in-progress": "yellow",
  resolved: "green",
  closed: "grey",
  rejected: "red",
};

/** How a status reads on a badge: a hyphen shows as a space. */
export function ticketStatusLabel(status: TicketStatus): string {
  return status.replace(/-/g, " ");
}
