import {
  BLOCKED_USERS_HEADING,
  NO_BLOCKED_USERS,
  UNBLOCK_LABEL,
  unblockedNote,
} from "@shared/trust-constants";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { blockedUsersQueryOptions } from "../../../components/trust/api/blocked-users-query";
import { useBlockUser } from "../../../components/trust/block-user";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton, textLink } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import { SettingsSection } from "./settings-section";

/** 'Blocked users': everyone I blocked, each with 'Unblock'. */
export function BlockedUsersSection({ onResult }: { onResult: ShowNotice }) {
  const blocked = useQuery(blockedUsersQueryOptions);
  const { unblock, isPending } = useBlockUser({
    onChanged: (_isBlocked, person) => onResult("success", unblockedNote(person.name)),
  });

  let body: ReactNode;
  if (blocked.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" />
        Loading blocked users...
      </p>
    );
  } else if (blocked.isError) {
    body = (
      <Alert tone="error" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <span className="flex-1">Could not load your blocked users.</span>
        <button type="button" onClick={() => void blocked.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  } else if (blocked.data.blocked.length === 0) {
    body = <p className="text-sm text-slate-600">{NO_BLOCKED_USERS}</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-200" aria-label={BLOCKED_USERS_HEADING}>
        {blocked.data.blocked.map((person) => (
          <li key={person.id} className="flex items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <Link to={`/profile/${encodeURIComponent(person.id)}`} className={`${textLink} break-words`}>
                {person.name}
              </Link>
              <p className="text-sm text-slate-600">{person.college}</p>
            </div>
            <button
              type="button"
              aria-busy={isPending || undefined}
              onClick={() => unblock(person)}
              className={secondaryButton}
            >
              {UNBLOCK_LABEL}
              <span className="sr-only"> {person.name}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return <SettingsSection title={BLOCKED_USERS_HEADING}>{body}</SettingsSection>;
}
