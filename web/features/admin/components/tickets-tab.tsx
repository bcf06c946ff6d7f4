import { ADMIN_MESSAGES, type AdminTicket } from "@shared/api/admin";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { ADMIN_FAILURES } from "../admin-texts";
import { adminTicketsQueryOptions } from "../api/get-tickets";
import { useSetTicketStatus } from "../api/set-ticket-status";
import { useAdminNotice } from "./admin-notice";
import { EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";
import { TicketActions } from "./ticket-actions";
import { TicketDetailDialog } from "./ticket-detail-dialog";
import { MirrorState, TicketStatusBadge, ticketUserName } from "./ticket-details";
import { TicketHistory } from "./ticket-history";
import { TicketSearch } from "./ticket-search";

function PendingTicketCard({ ticket, onView }: { ticket: AdminTicket; onView: () => void }) {
  const notify = useAdminNotice();
  const change = useSetTicketStatus({
    onSuccess: (_, { status }) => notify("success", ADMIN_MESSAGES.ticketUpdated(status)),
    onError: (error) => notify("error", ADMIN_FAILURES.updateTicket(error.message)),
  });
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono text-base font-semibold text-slate-900">
          <span className="sr-only">Ticket ID </span>#{ticket.ticketId}
        </h3>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <div className="space-y-1 text-sm">
        <p className="font-medium text-slate-900">{ticketUserName(ticket)}</p>
        <p className="text-slate-800">{ticket.purpose}</p>
        <p className="text-xs text-slate-600">
          Created <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
        </p>
      </div>
      <p className="line-clamp-4 whitespace-pre-wrap break-words text-sm text-slate-700">
        {ticket.description}
      </p>
      <MirrorState mirror={ticket.mirror} />
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <button type="button" onClick={onView} className={secondaryButton}>
          View<span className="sr-only"> ticket {ticket.ticketId}</span>
        </button>
        <TicketActions
          ticket={ticket}
          isBusy={change.isPending}
          onChange={(status) => change.mutate({ ticketId: ticket.ticketId, status })}
        />
      </div>
    </li>
  );
}

/** Support Tickets: the pending ones with their actions, the history, and a search by ID. */
export function TicketsTab() {
  const tickets = useQuery(adminTicketsQueryOptions);
  const [viewing, setViewing] = useState<AdminTicket | null>(null);
  const pending = tickets.data?.pending ?? [];

  return (
    <div className="space-y-6">
      <PanelSection
        title={`Pending Support Tickets (${pending.length})`}
        titleId="admin-pending-tickets-heading"
        actions={
          <button
            type="button"
            onClick={() => void tickets.refetch()}
            aria-busy={tickets.isFetching}
            className={secondaryButton}
          >
            {tickets.isFetching && !tickets.isPending ? <Spinner className="size-4" /> : null}
            Refresh
          </button>
        }
      >
        {tickets.isPending ? (
          <LoadingState>Loading tickets...</LoadingState>
        ) : tickets.isError ? (
          <LoadError onRetry={() => void tickets.refetch()}>Could not load the support tickets.</LoadError>
        ) : pending.length === 0 ? (
          <EmptyState>{ADMIN_MESSAGES.noPendingTickets}</EmptyState>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {pending.map((ticket) => (
              <PendingTicketCard key={ticket.id} ticket={ticket} onView={() => setViewing(ticket)} />
            ))}
          </ul>
        )}
      </PanelSection>
      {tickets.data ? <TicketHistory tickets={tickets.data.history} onView={setViewing} /> : null}
      <TicketSearch hasAnyTicket={(tickets.data?.total ?? 1) > 0} />
      {viewing ? <TicketDetailDialog ticket={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
