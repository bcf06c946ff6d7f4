import type { AdminTicket } from "@shared/api/admin";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

/** Resolving and rejecting are final: an open ticket can only end one of these two ways. */
export type FinalTicketStatus = "resolved" | "rejected";

export interface TicketStatusChange {
  ticketId: string;
  status: FinalTicketStatus;
}

export function setTicketStatus({ ticketId, status }: TicketStatusChange): Promise<{ ticket: AdminTicket }> {
  return apiFetch(adminPath(`/tickets/${encodeURIComponent(ticketId)}/status`), {
    method: "POST",
    json: { status },
  });
}

/** Resolves or rejects a ticket; the student's own ticket history hears of it live. */
export function useSetTicketStatus(config?: MutationConfig<typeof setTicketStatus>) {
  return useAdminMutation(setTicketStatus, config);
}
