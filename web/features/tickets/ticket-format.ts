import { CreateTicketBodySchema } from "@shared/api/tickets";
import { TICKET_STATUS_TONES, type TicketStatus } from "@shared/tickets-constants";

/** Submit is enabled exactly when the server would accept the form: a purpose and a non-blank description. */
export function isTicketFormComplete(form: { purpose: string; description: string }): boolean {
  return CreateTicketBodySchema.safeParse(form).success;
}

const TONE_CLASSES = {
  blue: "bg-blue-100 text-blue-800 ring-blue-200",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  green: "bg-green-100 text-green-800 ring-green-200",
  grey: "bg-slate-100 text-slate-700 ring-slate-200",
  red: "bg-red-100 text-red-800 ring-red-200",
} as const;

/** The badge colours of the history: open blue, in-progress yellow, resolved green, closed grey. */
export function ticketStatusClasses(status: TicketStatus): string {
  return TONE_CLASSES[TICKET_STATUS_TONES[status]];
}

/** "23 Nov 2026, 2:30 pm": the date as people in India write it. */
export function formatTicketDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" });
}
