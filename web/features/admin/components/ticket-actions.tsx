import type { AdminTicket } from "@shared/api/admin";
import { primaryButton } from "../../../components/ui/button-styles";
import type { FinalTicketStatus } from "../api/set-ticket-status";
import { dangerButton } from "./panel-states";

interface TicketActionsProps {
  ticket: AdminTicket;
  onChange: (status: FinalTicketStatus) => void;
  isBusy: boolean;
  /** 'Resolve' on cards and in the dialog, 'Mark as Resolved' in the search panel. */
  wording?: "short" | "long";
}

/** Resolve and Reject, only while the ticket is open: both are final. */
export function TicketActions({ ticket, onChange, isBusy, wording = "short" }: TicketActionsProps) {
  if (ticket.status !== "open") return null;
  const labels =
    wording === "long"
      ? { resolved: "Mark as Resolved", rejected: "Mark as Rejected" }
      : { resolved: "Resolve", rejected: "Reject" };
  return (
    <>
      <button type="button" onClick={() => onChange("resolved")} disabled={isBusy} className={primaryButton}>
        {labels.resolved}
        {wording === "short" ? <span className="sr-only"> ticket {ticket.ticketId}</span> : null}
      </button>
      <button type="button" onClick={() => onChange("rejected")} disabled={isBusy} className={dangerButton}>
        {labels.rejected}
        {wording === "short" ? <span className="sr-only"> ticket {ticket.ticketId}</span> : null}
      </button>
    </>
  );
}
