import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { SuspensionEntry } from "@shared/api/reports";
import { MODERATION_TEXTS, SUSPENSION_TEXTS } from "@shared/reports-constants";
import { ticketStatusLabel } from "@shared/tickets-constants";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { formatDate, formatDateTime } from "../../../lib/format";
import { ADMIN_FAILURES } from "../admin-texts";
import { useLiftSuspension } from "../api/lift-suspension";
import { useSetTicketStatus } from "../api/set-ticket-status";
import { useAdminNotice } from "./admin-notice";
import { dangerButton, EmptyState, PanelSection } from "./panel-states";

/** 'Lift Suspension', asked once more first: the student can sign in again at once. */
export function useConfirmedLift() {
  const notify = useAdminNotice();
  const { confirm, confirmDialog } = useConfirm();
  const lift = useLiftSuspension({
    onSuccess: () => notify("success", MODERATION_TEXTS.suspensionLifted),
    onError: (error) => notify("error", error.message),
  });
  async function handleLift(user: { id: string; name: string }) {
    const isConfirmed = await confirm({
      message: SUSPENSION_TEXTS.confirmLift(user.name),
      confirmLabel: MODERATION_TEXTS.liftSuspension,
    });
    if (isConfirmed) lift.mutate(user.id);
  }
  return { lift, handleLift, confirmDialog };
}

/** The accounts suspended now, each with its reason and, beside it, its appeal. */
export function SuspensionsSection({ suspensions }: { suspensions: SuspensionEntry[] }) {
  const { lift, handleLift, confirmDialog } = useConfirmedLift();
  return (
    <PanelSection
      title={`${SUSPENSION_TEXTS.suspensions} (${suspensions.length})`}
      titleId="admin-suspensions-heading"
    >
      {suspensions.length === 0 ? (
        <EmptyState>{SUSPENSION_TEXTS.noSuspensions}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {suspensions.map((entry) => (
            <li
              key={entry.id}
              aria-labelledby={`suspension-${entry.id}`}
              className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2"
            >
              <div className="min-w-0 space-y-2">
                <h3 id={`suspension-${entry.id}`} className="text-base font-semibold text-slate-900">
                  {entry.user.name}
                </h3>
                <p className="text-sm break-all text-slate-700">{entry.user.email}</p>
                <p className="text-sm text-slate-700">{entry.user.college}</p>
                <p className="w-fit rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                  {entry.endsAt ? `Suspended until ${formatDate(entry.endsAt)}` : "Permanently suspended"}
                </p>
                <p className="text-sm break-words text-slate-800">
                  <span className="font-semibold">Reason: </span>
                  {entry.reason || "None given"}
                </p>
                <button
                  type="button"
                  onClick={() => void handleLift(entry.user)}
                  disabled={lift.isPending && lift.variables === entry.user.id}
                  className={secondaryButton}
                >
                  {MODERATION_TEXTS.liftSuspension}
                  <span className="sr-only"> for {entry.user.name}</span>
                </button>
              </div>
              <AppealView entry={entry} />
            </li>
          ))}
        </ul>
      )}
      {confirmDialog}
    </PanelSection>
  );
}

function AppealView({ entry }: { entry: SuspensionEntry }) {
  const notify = useAdminNotice();
  const change = useSetTicketStatus({
    onSuccess: (_, { status }) => notify("success", ADMIN_MESSAGES.ticketUpdated(status)),
    onError: (error) => notify("error", ADMIN_FAILURES.updateTicket(error.message)),
  });
  const { appeal } = entry;
  return (
    <section
      aria-label={`${SUSPENSION_TEXTS.appealHeading} of ${entry.user.name}`}
      className="min-w-0 space-y-2 rounded-lg bg-slate-50 p-3"
    >
      <h4 className="text-sm font-semibold text-slate-900">{SUSPENSION_TEXTS.appealHeading}</h4>
      {appeal ? (
        <>
          <p className="text-xs text-slate-600">
            <span className="font-mono">#{appeal.ticketId}</span> · {ticketStatusLabel(appeal.status)} · sent{" "}
            <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{appeal.description}</p>
          {appeal.status === "open" ? (
            <div className="flex flex-wrap gap-2 pt-1">
              <button
                type="button"
                disabled={change.isPending}
                onClick={() => change.mutate({ ticketId: appeal.ticketId, status: "resolved" })}
                className={primaryButton}
              >
                Resolve<span className="sr-only"> appeal {appeal.ticketId}</span>
              </button>
              <button
                type="button"
                disabled={change.isPending}
                onClick={() => change.mutate({ ticketId: appeal.ticketId, status: "rejected" })}
                className={dangerButton}
              >
                Reject<span className="sr-only"> appeal {appeal.ticketId}</span>
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">{SUSPENSION_TEXTS.noAppealYet}</p>
      )}
    </section>
  );
}
