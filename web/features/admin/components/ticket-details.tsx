import type { AdminTicket } from "@shared/api/admin";
import { TICKET_STATUS_TONES, type TicketStatus, ticketStatusLabel } from "@shared/api/tickets";
import { StatusBadge } from "../../../components/status-badge/status-badge";
import { formatDateTime } from "../../../lib/format";
import { describeMirror } from "../admin-format";

/** A ticket's status as a pill; an open ticket reads 'Pending', as the admin panel calls it. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <StatusBadge tone={status === "open" ? "yellow" : TICKET_STATUS_TONES[status]} className="capitalize">
      {status === "open" ? "Pending" : ticketStatusLabel(status)}
    </StatusBadge>
  );
}

const MIRROR_DOT = {
  sent: "bg-green-600",
  pending: "bg-amber-500",
  failed: "bg-red-600",
  off: "bg-slate-400",
} as const;

/** Where the copy of the ticket sent to the form service stands. */
export function MirrorState({ mirror }: { mirror: AdminTicket["mirror"] }) {
  return (
    <p className="flex items-start gap-2 text-xs text-slate-700">
      <span aria-hidden="true" className={`mt-1 size-2 shrink-0 rounded-full ${MIRROR_DOT[mirror.state]}`} />
      <span className="min-w-0 break-words">
        <span className="font-medium">Copy to form service:</span> {describeMirror(mirror)}
      </span>
    </p>
  );
}

/** Whose ticket it is: the account's current name, else the name on the ticket, else 'Unknown'. */
export function ticketUserName(ticket: AdminTicket): string {
  return ticket.user?.name || ticket.userName || "Unknown";
}

/** Everything about one ticket and the person who raised it. */
export function TicketDetails({ ticket }: { ticket: AdminTicket }) {
  const rows: [string, string][] = [
    ["Name", ticketUserName(ticket)],
    ["Email", ticket.user?.email || ticket.userEmail || "N/A"],
    ["Mobile", ticket.user?.mobile || "N/A"],
    ["College", ticket.user?.college || ticket.userCollege || "N/A"],
    ["Purpose", ticket.purpose],
    ["Created", formatDateTime(ticket.createdAt)],
    ["Resolved", ticket.resolvedAt ? formatDateTime(ticket.resolvedAt) : "N/A"],
  ];
  if (ticket.resolvedBy) rows.push(["Resolved by", ticket.resolvedBy]);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-mono text-base font-semibold text-slate-900">
          <span className="sr-only">Ticket ID </span>#{ticket.ticketId}
        </p>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="text-sm font-medium text-slate-600">Description</p>
        <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          {ticket.description}
        </p>
      </div>
      <MirrorState mirror={ticket.mirror} />
    </div>
  );
}
