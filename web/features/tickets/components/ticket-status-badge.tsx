import { TICKET_STATUS_TONES, type TicketStatus, ticketStatusLabel } from "@shared/api/tickets";
import { StatusBadge } from "../../../components/status-badge/status-badge";

/** The status of a ticket in the student's history: open blue, in-progress yellow, resolved green, closed grey. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge tone={TICKET_STATUS_TONES[status]}>{ticketStatusLabel(status)}</StatusBadge>;
}
