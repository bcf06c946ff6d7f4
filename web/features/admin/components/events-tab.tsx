import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { CampusEvent } from "@shared/api/events";
import { useQuery } from "@tanstack/react-query";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { formatCalendarDateTime } from "../../../lib/format";
import { ADMIN_FAILURES } from "../admin-texts";
import { useDeleteEvent } from "../api/delete-event";
import { adminEventsQueryOptions } from "../api/get-events";
import { useAdminNotice } from "./admin-notice";
import { EventForm } from "./event-form";
import { dangerButton, EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";

function EventRow({
  event,
  onDelete,
  isDeleting,
}: {
  event: CampusEvent;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="break-words font-semibold text-slate-900">{event.title}</h3>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-600">When</dt>
          <dd>
            <time dateTime={`${event.date}T${event.time}+05:30`}>
              {formatCalendarDateTime(event.date, event.time)}
            </time>
          </dd>
          <dt className="font-medium text-slate-600">Venue</dt>
          <dd className="break-words">{event.venue}</dd>
          <dt className="font-medium text-slate-600">College</dt>
          <dd className="break-words">
            {event.college}, {event.city}
          </dd>
        </dl>
      </div>
      <button type="button" onClick={onDelete} disabled={isDeleting} className={`${dangerButton} shrink-0`}>
        Delete<span className="sr-only"> event {event.title}</span>
      </button>
    </li>
  );
}

/** Events & Hackathons: post an event, and the list of every event (past ones too) with delete. */
export function EventsTab() {
  const events = useQuery(adminEventsQueryOptions);
  const notify = useAdminNotice();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteEvent({
    onSuccess: () => notify("success", ADMIN_MESSAGES.eventDeleted),
    onError: (error) => notify("error", ADMIN_FAILURES.deleteEvent(error.message)),
  });

  async function handleDelete(event: CampusEvent) {
    const isConfirmed = await confirm({
      message: ADMIN_MESSAGES.confirmDeleteEvent,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (isConfirmed) remove.mutate(event.id);
  }

  return (
    <div className="space-y-6">
      <PanelSection title="Post a New Event" titleId="admin-event-form-heading">
        <EventForm />
      </PanelSection>
      <PanelSection
        title={`All Events${events.data ? ` (${events.data.events.length})` : ""}`}
        titleId="admin-events-heading"
      >
        {events.isPending ? (
          <LoadingState>Loading events...</LoadingState>
        ) : events.isError ? (
          <LoadError onRetry={() => void events.refetch()}>Could not load the events.</LoadError>
        ) : events.data.events.length === 0 ? (
          <EmptyState>No events posted yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200">
            {events.data.events.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                onDelete={() => void handleDelete(event)}
                isDeleting={remove.isPending && remove.variables === event.id}
              />
            ))}
          </ul>
        )}
      </PanelSection>
      {confirmDialog}
    </div>
  );
}
