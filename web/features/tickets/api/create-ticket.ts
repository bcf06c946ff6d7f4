import type { CreateTicketBody, Ticket } from "@shared/api/tickets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { ticketKeys } from "./tickets-api";

export async function createTicket(body: CreateTicketBody): Promise<Ticket> {
  const { ticket } = await apiFetch<{ ticket: Ticket }>("/api/tickets", { method: "POST", json: body });
  return ticket;
}

/** Raises a ticket; the history is fetched again so it lists the new one. */
export function useCreateTicket(config: MutationConfig<typeof createTicket> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    onError: (error) => console.warn("Could not submit the support ticket", error),
    ...config,
    mutationFn: createTicket,
    onSuccess: (...args) => {
      config.onSuccess?.(...args);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
