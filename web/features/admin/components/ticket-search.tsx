import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import { ADMIN_FAILURES } from "../admin-texts";
import { adminTicketQueryOptions } from "../api/get-tickets";
import { useSetTicketStatus } from "../api/set-ticket-status";
import { useAdminNotice } from "./admin-notice";
import { FormError, PanelSection } from "./panel-states";
import { TicketActions } from "./ticket-actions";
import { TicketDetails } from "./ticket-details";

const loadTicketSearchSchema = () => import("../form-schemas").then((schemas) => schemas.TicketSearchSchema);

/** 'Search Specific Ticket': one ticket by its six-digit ID, with the actions while it is open. */
export function TicketSearch({ hasAnyTicket }: { hasAnyTicket: boolean }) {
  const [searchedId, setSearchedId] = useState<string | null>(null);
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadTicketSearchSchema, {
    defaultValues: { ticketId: "" },
  });
  const result = useQuery({ ...adminTicketQueryOptions(searchedId ?? ""), enabled: searchedId !== null });
  const notify = useAdminNotice();
  const change = useSetTicketStatus({
    onSuccess: (_, { status }) => notify("success", ADMIN_MESSAGES.ticketUpdated(status)),
    onError: (error) => notify("error", ADMIN_FAILURES.updateTicket(error.message)),
  });

  function search({ ticketId }: { ticketId: string }) {
    if (ticketId === searchedId) void result.refetch();
    else setSearchedId(ticketId);
  }

  // An ID that cannot be a ticket hides the last result, as a search for it would.
  const isIdInvalid = fieldError("ticketId") !== undefined;
  let error: string | null = null;
  if (!isIdInvalid && searchedId && result.isError) {
    const isMissing = result.error instanceof ApiError && result.error.status === 404;
    error = !isMissing
      ? ADMIN_FAILURES.searchTicket(result.error.message)
      : hasAnyTicket
        ? ADMIN_MESSAGES.ticketNotFound
        : ADMIN_MESSAGES.noTicketsAtAll;
  }
  const ticket = searchedId && !isIdInvalid && !error ? result.data?.ticket : undefined;

  return (
    <PanelSection title="Search Specific Ticket" titleId="admin-ticket-search-heading">
      <form
        onFocus={prepare}
        onSubmit={handleSubmit(search)}
        noValidate
        className="flex flex-wrap items-start gap-3"
      >
        <TextField
          label="Ticket ID"
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          placeholder="6-digit ticket ID"
          error={fieldError("ticketId")}
          className="w-full max-w-xs [&_input]:font-mono"
          {...form.register("ticketId")}
        />
        {/* Level with the input, under its label. */}
        <button type="submit" className={`${primaryButton} sm:mt-6`}>
          Search
        </button>
      </form>
      <div className="mt-4">
        {error ? (
          <FormError message={error} />
        ) : searchedId && !isIdInvalid && result.isFetching && !ticket ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Searching...
          </p>
        ) : ticket ? (
          <div className="rounded-lg border border-slate-200 p-4">
            <TicketDetails ticket={ticket} />
            <div className="mt-4 flex flex-wrap gap-3">
              <TicketActions
                ticket={ticket}
                wording="long"
                isBusy={change.isPending}
                onChange={(status) => change.mutate({ ticketId: ticket.ticketId, status })}
              />
            </div>
          </div>
        ) : null}
      </div>
    </PanelSection>
  );
}
