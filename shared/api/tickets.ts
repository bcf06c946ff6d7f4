import { z } from "zod";
import {
  TICKET_DESCRIPTION_MAX_LENGTH,
  TICKET_MESSAGES,
  TICKET_PURPOSES,
  TICKET_STATUSES,
} from "../tickets-constants";
import { multiLine, typedText } from "./text-rules";

// Re-exported for the server; the browser imports them from ../tickets-constants, without zod.
export {
  TICKET_DESCRIPTION_MAX_LENGTH,
  TICKET_MESSAGES,
  TICKET_PURPOSES,
  TICKET_STATUS_TONES,
  TICKET_STATUSES,
  type TicketStatus,
  ticketStatusLabel,
} from "../tickets-constants";

export const CreateTicketBodySchema = z.object({
  purpose: z.enum(TICKET_PURPOSES, TICKET_MESSAGES.purposeRequired),
  description: typedText(TICKET_MESSAGES.descriptionRequired)
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
