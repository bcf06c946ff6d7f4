import { CreateTicketBodySchema } from "@shared/api/tickets";

/** Submit is enabled exactly when the server would accept the form: a purpose and a non-blank description. */
export function isTicketFormComplete(form: { purpose: string; description: string }): boolean {
  return CreateTicketBodySchema.safeParse(form).success;
}
