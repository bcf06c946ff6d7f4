import { z } from "zod";
import { multiLine } from "./text-rules";

export const TICKET_PURPOSES = [
  "Account Issues",
  "Payment Problems",
  "Item Listing Issues",
  "Technical Bug",
  "Feature Request",
  "Safety Concerns",
  "Other",
] as const;

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

export const CreateTicketBodySchema = z.object({
  purpose: z.enum(TICKET_PURPOSES, TICKET_MESSAGES.purposeRequired),
  description: z
    .string(TICKET_MESSAGES.descriptionRequired)
    .refine((value) => value.trim().length > 0, TICKET_MESSAGES.descriptionRequired)
    .refine(
      (value) => value.length <= TICKET_DESCRIPTION_MAX_LENGTH,
      `At most ${TICKET_DESCRIPTION_MAX_LENGTH} characters.`,
    )
    .refine(...multiLine("The description")),
});
export type CreateTicketBody = z.infer<typeof CreateTicketBodySchema>;

export const TicketSchema = z.object({
  id: z.string(),
  /** Six digits, 100000 to 999999. */
  ticketId: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userCollege: z.string(),
  purpose: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketResponseSchema = z.object({ ticket: TicketSchema });
export const TicketListResponseSchema = z.object({ tickets: z.array(TicketSchema) });
