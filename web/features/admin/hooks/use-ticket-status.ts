import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { ADMIN_FAILURES } from "../admin-texts";
import { type FinalTicketStatus, setTicketStatus } from "../api/admin-tickets-api";
import { useAdminAction } from "./use-admin-action";

export interface TicketStatusChange {
  ticketId: string;
  status: FinalTicketStatus;
}

/**
 * Resolves or rejects a ticket: 'Ticket resolved successfully!'. Inside a dialog the caller
 * shows the error itself (`showsOwnError`), since the page behind a modal is inert.
 */
export function useTicketStatus(options: { showsOwnError?: boolean; onSuccess?: () => void } = {}) {
  return useAdminAction({
    run: ({ ticketId, status }: TicketStatusChange) => setTicketStatus(ticketId, status),
    success: (change) => ADMIN_MESSAGES.ticketUpdated(change.status),
    failure: options.showsOwnError ? undefined : ADMIN_FAILURES.updateTicket,
    onSuccess: options.onSuccess,
  });
}
