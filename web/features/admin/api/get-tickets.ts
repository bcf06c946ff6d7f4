import type { AdminTicket } from "@shared/api/admin";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

export interface AdminTicketsResponse {
  pending: AdminTicket[];
  history: AdminTicket[];
  total: number;
}

/** The open tickets and the closed ones. */
export const adminTicketsQueryOptions = queryOptions({
  queryKey: adminKeys.tickets,
  queryFn: ({ signal }) => apiFetch<AdminTicketsResponse>(adminPath("/tickets"), { signal }),
});

/** One ticket by its six-digit ID; a 404 means no such ticket. */
export const adminTicketQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: adminKeys.ticket(ticketId),
    queryFn: ({ signal }) =>
      apiFetch<{ ticket: AdminTicket }>(adminPath(`/tickets/${encodeURIComponent(ticketId)}`), { signal }),
  });
