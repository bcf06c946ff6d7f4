import type { AdminTicket } from "@shared/api/admin";
import { useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { formatDateTime } from "../../../lib/format";
import { EmptyState, PanelSection } from "./panel-states";
import { TicketStatusBadge, ticketUserName } from "./ticket-details";

/** 'Ticket History': closed tickets behind Show History / Hide History. */
export function TicketHistory({
  tickets,
  onView,
}: {
  tickets: AdminTicket[];
  onView: (ticket: AdminTicket) => void;
}) {
  const [isShown, setIsShown] = useState(false);
  return (
    <PanelSection
      title={`Ticket History (${tickets.length})`}
      titleId="admin-ticket-history-heading"
      actions={
        <button
          type="button"
          aria-expanded={isShown}
          aria-controls="admin-ticket-history"
          onClick={() => setIsShown((shown) => !shown)}
          className={secondaryButton}
        >
          {isShown ? "Hide History" : "Show History"}
        </button>
      }
    >
      <div id="admin-ticket-history" hidden={!isShown}>
        {tickets.length === 0 ? (
          <EmptyState>No closed tickets yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200">
            {tickets.map((ticket) => (
              <li
                key={ticket.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold text-slate-900">
                      <span className="sr-only">Ticket ID </span>#{ticket.ticketId}
                    </span>
                    <TicketStatusBadge status={ticket.status} />
                  </div>
                  <p className="break-words text-sm text-slate-800">
                    {ticketUserName(ticket)} · {ticket.purpose}
                  </p>
                  <p className="text-xs text-slate-600">
                    Resolved:{" "}
                    {ticket.resolvedAt ? (
                      <time dateTime={ticket.resolvedAt}>{formatDateTime(ticket.resolvedAt)}</time>
                    ) : (
                      "N/A"
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onView(ticket)}
                  className={`${secondaryButton} self-start`}
                >
                  View Details<span className="sr-only"> of ticket {ticket.ticketId}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}
