import type { Ticket } from "@shared/api/tickets";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export const ticketKeys = {
  /** Everything about tickets; the live socket invalidates this on ticket.updated. */
  all: ["tickets"] as const,
  list: ["tickets", "list"] as const,
};

/** The signed-in user's tickets, newest first (the server sorts them). */
export const ticketListQueryOptions = queryOptions({
  queryKey: ticketKeys.list,
  queryFn: ({ signal }) => apiFetch<{ tickets: Ticket[] }>("/api/tickets", { signal }),
});
