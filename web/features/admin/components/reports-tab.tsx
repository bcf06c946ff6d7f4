import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { ReportGroup } from "@shared/api/reports";
import type { Ticket } from "@shared/api/tickets";
import { thumbnailUrl } from "@shared/images";
import {
  MODERATION_REASON_MAX_LENGTH,
  MODERATION_TEXTS,
  type ModerationAction,
  SUSPENSION_DURATIONS,
} from "@shared/reports-constants";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { Field, inputClasses } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { useZodForm } from "../../../lib/form";
import { formatDate, formatDateTime, formatRupees, formatTimeAgo } from "../../../lib/format";
import { ADMIN_FAILURES } from "../admin-texts";
import { useActOnReport } from "../api/act-on-report";
import { adminReportsQueryOptions } from "../api/get-reports";
import { useSetTicketStatus } from "../api/set-ticket-status";
import { useAdminNotice } from "./admin-notice";
import { dangerButton, EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";
import { SuspensionsSection } from "./suspensions-section";

const TARGET_LABELS: Record<ReportGroup["targetType"], string> = {
  listing: "Listing",
  user: "User",
  message: "Message",
  rating: "Review",
};

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: MODERATION_TEXTS.dismiss,
  remove: MODERATION_TEXTS.remove,
  warn: MODERATION_TEXTS.warn,
  suspend: MODERATION_TEXTS.suspend,
};

/** Reports: the open report targets, most reported and oldest first, and Safety Concerns tickets. */
export function ReportsTab() {
  const queue = useQuery(adminReportsQueryOptions);
  const [deciding, setDeciding] = useState<{ group: ReportGroup; action: ModerationAction } | null>(null);
  const data = queue.data;

  return (
    <div className="space-y-6">
      <PanelSection
        title={MODERATION_TEXTS.openReports(data?.openCount ?? 0)}
        titleId="admin-open-reports-heading"
        actions={
          <button
            type="button"
            onClick={() => void queue.refetch()}
            aria-busy={queue.isFetching}
            className={secondaryButton}
          >
            {queue.isFetching && !queue.isPending ? <Spinner className="size-4" /> : null}
            Refresh
          </button>
        }
      >
        {queue.isPending ? (
          <LoadingState>Loading reports...</LoadingState>
        ) : queue.isError ? (
          <LoadError onRetry={() => void queue.refetch()}>Could not load the reports.</LoadError>
        ) : data?.groups.length === 0 ? (
          <EmptyState>{MODERATION_TEXTS.empty}</EmptyState>
        ) : (
          <ul className="space-y-4">
            {data?.groups.map((group) => (
              <ReportGroupCard
                key={group.id}
                group={group}
                onDecide={(action) => setDeciding({ group, action })}
              />
            ))}
          </ul>
        )}
      </PanelSection>
      {data ? <SuspensionsSection suspensions={data.suspensions} /> : null}
      {data && data.safetyTickets.length > 0 ? <SafetyTickets tickets={data.safetyTickets} /> : null}
      {deciding ? (
        <DecisionDialog group={deciding.group} action={deciding.action} onClose={() => setDeciding(null)} />
      ) : null}
    </div>
  );
}

function ReportGroupCard({
  group,
  onDecide,
}: {
  group: ReportGroup;
  onDecide: (action: ModerationAction) => void;
}) {
  const headingId = useId();
  const name = group.reportedUser?.name ?? "a deleted account";
  const canRemove = group.targetType !== "user" && group.isContentPresent;
  const canActOnUser = group.reportedUser !== null;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {TARGET_LABELS[group.targetType]} by {name}
          </h3>
          <p className="rounded-full bg-red-50 px-3 py-1 text-xs font-semibold text-red-800">
            {group.reporterCount === 1
              ? "1 person reported this"
              : `${group.reporterCount} people reported this`}
          </p>
        </header>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <div>
            <TargetView group={group} />
          </div>
          <div className="space-y-3">
            <section>
              <h4 className="text-sm font-semibold text-slate-800">Reasons</h4>
              <ul className="mt-1 space-y-2 text-sm">
                {group.reports.map((report) => (
                  <li key={report.id} className="rounded-lg bg-slate-50 px-3 py-2">
                    <p className="font-medium text-slate-900">{report.reason}</p>
                    {report.details ? (
                      <p className="mt-0.5 break-words whitespace-pre-wrap text-slate-700">
                        {report.details}
                      </p>
                    ) : null}
                    <p className="mt-0.5 text-xs text-slate-600">
                      <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </section>
            <UserHistory group={group} />
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" onClick={() => onDecide("dismiss")} className={secondaryButton}>
            {MODERATION_TEXTS.dismiss}
          </button>
          {canRemove ? (
            <button type="button" onClick={() => onDecide("remove")} className={dangerButton}>
              {MODERATION_TEXTS.remove}
            </button>
          ) : null}
          {canActOnUser ? (
            <>
              <button type="button" onClick={() => onDecide("warn")} className={secondaryButton}>
                {MODERATION_TEXTS.warn}
              </button>
              <button type="button" onClick={() => onDecide("suspend")} className={dangerButton}>
                {MODERATION_TEXTS.suspend}
              </button>
            </>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** The listing card, the profile summary, or the message with the messages around it. */
function TargetView({ group }: { group: ReportGroup }) {
  if (group.targetType === "listing" && group.listing) {
    const { listing } = group;
    return (
      <div className="flex gap-3 rounded-lg border border-slate-200 p-3">
        <img
          src={thumbnailUrl(listing.productImage)}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-20 shrink-0 rounded-md bg-slate-100 object-cover"
        />
        <div className="min-w-0 text-sm">
          <p className="font-semibold break-words text-slate-900">{listing.productName}</p>
          <p className="text-slate-700">
            {formatRupees(listing.price)} · {listing.category}
          </p>
          {group.isContentPresent ? null : <p className="text-slate-600">The listing is no longer there.</p>}
        </div>
      </div>
    );
  }
  if (group.targetType === "message" || group.targetType === "rating") {
    return (
      <section
        aria-label="The reported message in its conversation"
        className="rounded-lg border border-slate-200 p-3"
      >
        {group.isContentPresent ? null : (
          <p className="mb-2 text-xs text-slate-600">Kept as evidence; the message is gone.</p>
        )}
        <ol className="space-y-1.5 text-sm">
          {group.messages.map((message) => (
            <li
              key={message.id}
              className={
                message.isReported ? "rounded-md bg-amber-50 px-2 py-1 ring-2 ring-amber-400" : "px-2"
              }
            >
              <span className="font-semibold text-slate-900">{message.senderName}: </span>
              <span className="break-words whitespace-pre-wrap text-slate-800">
                {message.type === "offer" && message.offerPrice !== null
                  ? `Offer: ${formatRupees(message.offerPrice)}`
                  : message.text}
              </span>
              {message.isReported ? <span className="sr-only"> (reported)</span> : null}
              {message.isReported && group.photoUrl ? (
                <img
                  src={group.photoUrl}
                  alt={MODERATION_TEXTS.reportedPhoto}
                  loading="lazy"
                  className="my-1 block max-h-64 max-w-full rounded-md bg-slate-100 object-contain"
                />
              ) : null}
              <span className="block text-xs text-slate-600">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </span>
            </li>
          ))}
        </ol>
      </section>
    );
  }
  const person = group.reportedUser;
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm">
      {person ? (
        <>
          <p className="font-semibold text-slate-900">{person.name}</p>
          <p className="break-all text-slate-700">{person.email}</p>
          <p className="text-slate-700">{person.college}</p>
        </>
      ) : (
        <p className="text-slate-600">The account was deleted.</p>
      )}
    </div>
  );
}

function UserHistory({ group }: { group: ReportGroup }) {
  const person = group.reportedUser;
  if (!person) return null;
  return (
    <section>
      <h4 className="text-sm font-semibold text-slate-800">History of {person.name}</h4>
      <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Joined</dt>
        <dd className="text-slate-900">
          <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time> (
          {formatTimeAgo(person.createdAt)})
        </dd>
        <dt className="text-slate-600">E-mail</dt>
        <dd className="text-slate-900">{person.emailVerified ? "Verified" : "Not verified"}</dd>
        <dt className="text-slate-600">Earlier reports</dt>
        <dd className="text-slate-900">{person.earlierReports}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="text-slate-900">
          {person.isSuspended
            ? person.suspendedUntil
              ? `Suspended until ${formatDate(person.suspendedUntil)}`
              : "Permanently suspended"
            : "Active"}
        </dd>
      </dl>
      {person.earlierActions.length > 0 ? (
        <ul className="mt-2 space-y-1 text-xs text-slate-700">
          {person.earlierActions.map((entry) => (
            <li key={`${entry.action}-${entry.createdAt}`}>
              <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>:{" "}
              {ACTION_LABELS[entry.action as ModerationAction] ?? entry.action}
              {entry.reason ? ` (${entry.reason})` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-slate-600">No earlier actions.</p>
      )}
    </section>
  );
}

const loadModerationSchema = () => import("../form-schemas").then((schemas) => schemas.ModerationFormSchema);

/** The reason sent to the user (and a length for a suspension), then the action itself. */
function DecisionDialog({
  group,
  action,
  onClose,
}: {
  group: ReportGroup;
  action: ModerationAction;
  onClose: () => void;
}) {
  const notify = useAdminNotice();
  // The server's own schema checks the form: its messages land on the fields they name (the
  // reason), and a refusal from the server shows in the alert below.
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadModerationSchema, {
    defaultValues: { action, reason: "", ...(action === "suspend" ? { duration: "7d" as const } : {}) },
  });
  const decide = useActOnReport({
    onSuccess: (answer) => {
      notify("success", answer.message);
      onClose();
    },
  });
  const durationLegendId = useId();
  const save = handleSubmit(async (body) => {
    await decide.mutateAsync({ reportId: group.id, ...body });
  });

  const who = group.reportedUser?.name ?? "the user";
  return (
    <Dialog title={`${ACTION_LABELS[action]}: ${who}`} onClose={onClose}>
      <form onFocus={prepare} onSubmit={save} noValidate className="mt-4 space-y-4">
        {action === "suspend" ? (
          <fieldset aria-labelledby={durationLegendId}>
            <legend id={durationLegendId} className="mb-1 text-sm font-medium text-slate-800">
              {MODERATION_TEXTS.durationLabel}
            </legend>
            {SUSPENSION_DURATIONS.map((option) => (
              <label key={option} className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                <input
                  type="radio"
                  value={option}
                  {...form.register("duration")}
                  className="size-5 accent-indigo-700"
                />
                {MODERATION_TEXTS.durations[option]}
              </label>
            ))}
          </fieldset>
        ) : null}
        <Field label={MODERATION_TEXTS.reasonLabel} error={fieldError("reason")}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={MODERATION_REASON_MAX_LENGTH}
              {...form.register("reason")}
              className={`${inputClasses} resize-y`}
            />
          )}
        </Field>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={decide.isPending} className={primaryButton}>
            {decide.isPending ? "Working..." : ACTION_LABELS[action]}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function SafetyTickets({ tickets }: { tickets: Ticket[] }) {
  const notify = useAdminNotice();
  const change = useSetTicketStatus({
    onSuccess: (_, { status }) => notify("success", ADMIN_MESSAGES.ticketUpdated(status)),
    onError: (error) => notify("error", ADMIN_FAILURES.updateTicket(error.message)),
  });
  return (
    <PanelSection
      title={`${MODERATION_TEXTS.safetyTickets} (${tickets.length})`}
      titleId="admin-safety-tickets-heading"
    >
      <ul className="grid gap-4 md:grid-cols-2">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
            <h3 className="font-mono text-base font-semibold text-slate-900">
              <span className="sr-only">Ticket ID </span>#{ticket.ticketId}
            </h3>
            <p className="text-sm font-medium text-slate-900">
              {ticket.userName} · {ticket.userCollege}
            </p>
            <p className="text-xs text-slate-600">
              Created <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
            </p>
            <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{ticket.description}</p>
            <div className="mt-auto flex flex-wrap gap-2 pt-1">
              <button
                type="button"
                disabled={change.isPending}
                onClick={() => change.mutate({ ticketId: ticket.ticketId, status: "resolved" })}
                className={primaryButton}
              >
                Resolve<span className="sr-only"> ticket {ticket.ticketId}</span>
              </button>
              <button
                type="button"
                disabled={change.isPending}
                onClick={() => change.mutate({ ticketId: ticket.ticketId, status: "rejected" })}
                className={dangerButton}
              >
                Reject<span className="sr-only"> ticket {ticket.ticketId}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
