import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { Spinner } from "../../../components/ui/spinner";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api";
import { isTicketIdShaped } from "../admin-format";
import { ADMIN_FAILURES } from "../admin-texts";
import { adminTicketQueryOptions } from "../api/admin-tickets-api";
import { useTicketStatus } from "../hooks/use-ticket-status";
import { PanelSection } from "./panel-states";
import { TicketActions } from "./ticket-actions";
import { TicketDetails } from "./ticket-details";

/** 'Search Specific Ticket': one ticket by its six-digit ID, with the actions while it is open. */
export function TicketSearch({ hasAnyTicket }: { hasAnyTicket: boolean }) {
  const [input, setInput] = useState("");
  const [searchedId, setSearchedId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const result = useQuery({ ...adminTicketQueryOptions(searchedId ?? ""), enabled: searchedId !== null });
  const change = useTicketStatus();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ticketId = input.trim().replace(/^#/, "");
    if (!ticketId) {
      setSearchedId(null);
      return setFormError(ADMIN_MESSAGES.enterTicketId);
    }
    if (!isTicketIdShaped(ticketId)) {
      setSearchedId(null);
      return setFormError(ADMIN_MESSAGES.ticketNotFound);
    }
    setFormError(null);
    if (ticketId === searchedId) void result.refetch();
    else setSearchedId(ticketId);
  }

  let error = formError;
  if (!error && searchedId && result.isError) {
    const isMissing = result.error instanceof ApiError && result.error.status === 404;
    error = !isMissing
      ? ADMIN_FAILURES.searchTicket(result.error.message)
      : hasAnyTicket
        ? ADMIN_MESSAGES.ticketNotFound
        : ADMIN_MESSAGES.noTicketsAtAll;
  }
  const ticket = searchedId && !error ? result.data?.ticket : undefined;

  return (
    <PanelSection title="Search Specific Ticket" titleId="admin-ticket-search-heading">
      <form onSubmit={handleSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-xs">
          <label htmlFor="admin-ticket-id" className={labelClasses}>
            Ticket ID
          </label>
          <input
            id="admin-ticket-id"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            placeholder="6-digit ticket ID"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "admin-ticket-search-error" : undefined}
            className={`${inputClasses} font-mono`}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </form>
      <div className="mt-4">
        {error ? (
          <p
            id="admin-ticket-search-error"
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            {error}
          </p>
        ) : searchedId && result.isFetching && !ticket ? (
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
