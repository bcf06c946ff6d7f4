import type { CreateTicketBody, Ticket } from "@shared/api/tickets";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
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

export async function createTicket(body: CreateTicketBody): Promise<Ticket> {
  const { ticket } = await apiFetch<{ ticket: Ticket }>("/api/tickets", { method: "POST", json: body });
  return ticket;
}

/** Raises a ticket; the history is fetched again so it lists the new one. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onError: (error) => console.warn("Could not submit the support ticket", error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
