import type { Ticket } from "@shared/api/tickets";
import { TICKET_MESSAGES } from "@shared/tickets-constants";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { ticketListQueryOptions } from "../api/tickets-api";
import { TicketStatusBadge } from "./ticket-status-badge";

function TicketEntry({ ticket }: { ticket: Ticket }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-mono text-base font-semibold text-slate-900">
            <span className="sr-only">Ticket ID </span>#{ticket.ticketId}
          </h3>
          <time dateTime={ticket.createdAt} className="text-xs text-slate-600">
            {formatDateTime(ticket.createdAt)}
          </time>
        </div>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="mt-2 text-sm font-medium text-slate-800">{ticket.purpose}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{ticket.description}</p>
    </li>
  );
}

/**
 * The Support Ticket History dialog: the user's own tickets, newest first. The list is fetched
 * when it opens and again when the live socket says a status changed.
 */
export function TicketHistoryDialog({ onClose }: { onClose: () => void }) {
  const tickets = useQuery(ticketListQueryOptions);

  return (
    <Dialog title="Support Ticket History" onClose={onClose}>
      <div className="mt-4">
        {tickets.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
            <Spinner />
            Loading your tickets…
          </p>
        ) : tickets.isError ? (
          <div className="py-2">
            <Alert tone="error" as="p">
              Could not load your tickets. Please try again.
            </Alert>
            <button
              type="button"
              onClick={() => void tickets.refetch()}
              className={`${secondaryButton} mt-3`}
            >
              Retry
            </button>
          </div>
        ) : tickets.data.tickets.length === 0 ? (
          <div className="py-6 text-center">
            <p className="font-semibold text-slate-900">{TICKET_MESSAGES.emptyTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{TICKET_MESSAGES.emptyText}</p>
          </div>
        ) : (
          <ul aria-label="Your support tickets" className="space-y-3">
            {tickets.data.tickets.map((ticket) => (
              <TicketEntry key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        )}
      </div>
      <div className="mt-5 flex justify-end">
        <button type="button" onClick={onClose} className={primaryButton}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
