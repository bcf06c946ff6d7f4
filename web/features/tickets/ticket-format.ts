import { TICKET_DESCRIPTION_MAX_LENGTH, TICKET_PURPOSES } from "@shared/tickets-constants";

const PURPOSES: readonly string[] = TICKET_PURPOSES;

/**
 * Submit is enabled exactly when the server would accept the form (CreateTicketBodySchema): one of
 * the purposes and a non-blank description within the limit. Written without zod, so that the
 * dialog can tell without downloading it.
 */
export function isTicketFormComplete(form: { purpose: string; description: string }): boolean {
  return (
    PURPOSES.includes(form.purpose) &&
    form.description.trim().length > 0 &&
    form.description.length <= TICKET_DESCRIPTION_MAX_LENGTH
  );
}
