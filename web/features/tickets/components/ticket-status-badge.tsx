import { type TicketStatus, ticketStatusLabel } from "@shared/tickets-constants";
import { ticketStatusClasses } from "../ticket-format";

/** The status of a ticket as a coloured pill; "in-progress" reads "in progress". */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${ticketStatusClasses(status)}`}
    >
      <span className="sr-only">Status: </span>
      <span>{ticketStatusLabel(status)}</span>
    </span>
  );
}
