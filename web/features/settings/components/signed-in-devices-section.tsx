import type { DeviceSession } from "@shared/api/sessions";
import { SESSIONS_MESSAGES } from "@shared/validation/sessions";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import type { ShowNotice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { useSessions } from "../api/get-sessions";
import { useSignOutOtherSessions } from "../api/sign-out-other-sessions";
import { useSignOutSession } from "../api/sign-out-session";
import { formatLastActive } from "../last-active";
import { SettingsSection } from "./settings-section";

/** A refusal that explains itself (already gone, too many) is shown as it is; anything else plainly. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 404, 429].includes(error.status)) return error.message;
  return fallback;
}

function DeviceRow({
  session,
  isBusy,
  onSignOut,
}: {
  session: DeviceSession;
  isBusy: boolean;
  onSignOut: (id: string) => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{session.device}</span>
          {session.isCurrent ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
              {SESSIONS_MESSAGES.thisDevice}
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          {session.address ? <span>{session.address} · </span> : null}
          <time dateTime={session.lastUsedAt} title={formatDateTime(session.lastUsedAt)}>
            {formatLastActive(session.lastUsedAt)}
          </time>
        </p>
      </div>
      {session.isCurrent ? null : (
        <button
          type="button"
          disabled={isBusy}
          onClick={() => onSignOut(session.id)}
          className={`${secondaryButton} self-start sm:self-auto`}
        >
          {SESSIONS_MESSAGES.signOut}
          <span className="sr-only">
            {" "}
            {session.device}
            {session.address ? ` at ${session.address}` : ""}
          </span>
        </button>
      )}
    </li>
  );
}

/**
 * "Where you're signed in": every device with a live session, this one first and marked, with a
 * sign-out for each other one and for all of them at once (after a confirmation).
 */
export function SignedInDevicesSection({ onResult }: { onResult: ShowNotice }) {
  const sessions = useSessions();
  const { confirm, confirmDialog } = useConfirm();
  const signOutOne = useSignOutSession({
    onSuccess: () => onResult("success", SESSIONS_MESSAGES.signedOut),
    onError: (error) => onResult("error", messageOf(error, SESSIONS_MESSAGES.signOutFailed)),
  });
  const signOutOthers = useSignOutOtherSessions({
    onSuccess: () => onResult("success", SESSIONS_MESSAGES.signedOutOthers),
    onError: (error) => onResult("error", messageOf(error, SESSIONS_MESSAGES.signOutOthersFailed)),
  });
  const isBusy = signOutOne.isPending || signOutOthers.isPending;

  async function handleSignOutOthers() {
    const isConfirmed = await confirm({
      title: SESSIONS_MESSAGES.signOutOthers,
      message: SESSIONS_MESSAGES.confirmOthers,
      confirmLabel: "Sign out",
    });
    if (isConfirmed && !isBusy) signOutOthers.mutate();
  }

  let body: ReactNode;
  if (sessions.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" />
        Loading your devices...
      </p>
    );
  } else if (sessions.isError) {
    body = (
      <Alert tone="error" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <span className="flex-1">{SESSIONS_MESSAGES.loadFailed}</span>
        <button type="button" onClick={() => void sessions.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  } else {
    const list = sessions.data.sessions;
    const hasOthers = list.some((session) => !session.isCurrent);
    body = (
      <>
        <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
          {list.map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              isBusy={isBusy}
              onSignOut={(id) => signOutOne.mutate(id)}
            />
          ))}
        </ul>
        {hasOthers ? (
          <div className="mt-4">
            <button
              type="button"
              disabled={isBusy}
              onClick={() => void handleSignOutOthers()}
              className={primaryButton}
            >
              {signOutOthers.isPending ? "Signing out..." : SESSIONS_MESSAGES.signOutOthers}
            </button>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{SESSIONS_MESSAGES.empty}</p>
        )}
      </>
    );
  }

  return (
    <SettingsSection title={SESSIONS_MESSAGES.title} description={SESSIONS_MESSAGES.description}>
      {body}
      {confirmDialog}
    </SettingsSection>
  );
}
