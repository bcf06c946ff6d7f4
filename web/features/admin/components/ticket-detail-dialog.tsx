import { ADMIN_MESSAGES, type AdminTicket } from "@shared/api/admin";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { ADMIN_FAILURES } from "../admin-texts";
import { useSetTicketStatus } from "../api/set-ticket-status";
import { useAdminNotice } from "./admin-notice";
import { FormError } from "./panel-states";
import { TicketActions } from "./ticket-actions";
import { TicketDetails } from "./ticket-details";

/** One ticket in full, with Resolve and Reject while it is open; an action closes the dialog. */
export function TicketDetailDialog({ ticket, onClose }: { ticket: AdminTicket; onClose: () => void }) {
  const notify = useAdminNotice();
  // The error shows inside the dialog: the page behind a modal is inert.
  const change = useSetTicketStatus({
    onSuccess: (_, { status }) => {
      notify("success", ADMIN_MESSAGES.ticketUpdated(status));
      onClose();
    },
  });
  return (
    <Dialog title="Ticket Details" onClose={onClose}>
      <div className="mt-4 space-y-4">
        <FormError message={change.isError ? ADMIN_FAILURES.updateTicket(change.error.message) : null} />
        <TicketDetails ticket={ticket} />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <TicketActions
            ticket={ticket}
            isBusy={change.isPending}
            onChange={(status) => change.mutate({ ticketId: ticket.ticketId, status })}
          />
          <button type="button" onClick={onClose} className={secondaryButton}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
