import type { FetchStatus } from "@tanstack/react-query";
import WifiOffIcon from "lucide-react/icons/wifi-off";
import type { ReactNode } from "react";
import { formatTimeWithDay } from "../../lib/format";

import { OFFLINE_TEXTS } from "./offline-texts";
import { useIsOnline } from "./use-is-online";

export { OFFLINE_TEXTS, useIsOnline };

/** What a list's query says about itself; a useQuery or useInfiniteQuery result fits. */
export interface ListQueryState {
  fetchStatus: FetchStatus;
  data: unknown;
  isError: boolean;
  /** When the data on screen was loaded (0: not known, such as a previous page's kept in place). */
  dataUpdatedAt?: number;
}

/** The offline state, in place of a list's (or a page's) spinner or error. */
export function OfflineState({
  text = OFFLINE_TEXTS.empty,
  className = "",
}: {
  text?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center ${className}`}
    >
      <WifiOffIcon aria-hidden="true" className="size-8 text-slate-500" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{OFFLINE_TEXTS.title}</p>
      <p className="mt-1 text-slate-600">{text}</p>
    </div>
  );
}

/** The line over what is shown offline: when it was loaded, where that is known. */
function SnapshotLine({ updatedAt }: { updatedAt: number }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
      <WifiOffIcon aria-hidden="true" className="size-4 shrink-0" />
      {updatedAt > 0
        ? OFFLINE_TEXTS.savedAt(formatTimeWithDay(new Date(updatedAt).toISOString()))
        : OFFLINE_TEXTS.stale}
    </p>
  );
}

/**
 * 'Offline. Showing what you saw at {time}.' over a page drawn from what was last loaded (what the
 * device kept, lib/offline-cache/), while the app is offline; nothing online.
 */
export function OfflineSnapshotNote({
  updatedAt,
  className = "",
}: {
  updatedAt: number;
  className?: string;
}) {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className={className}>
      <SnapshotLine updatedAt={updatedAt} />
    </div>
  );
}

/**
 * Wraps a list that loads from the network. While the app is offline, a list with nothing to show
 * (or only a failure) shows 'You're offline' instead of a spinner, and one with a page on screen
 * (loaded before, or kept on the device) keeps it under a line saying when it was loaded. Nothing
 * needs pressing: the query client fetches every waiting query again when the connection returns,
 * and this gives way to the list.
 */
export function OfflineAware({ query, children }: { query: ListQueryState; children: ReactNode }) {
  const isOnline = useIsOnline();
  // 'paused': the query wants to fetch and waits for the network; an error while offline is the
  // connection's, not the server's, and is fetched again too.
  const isWaiting =
    query.fetchStatus === "paused" || (!isOnline && (query.isError || query.data !== undefined));
  if (!isWaiting) return children;
  if (query.data === undefined || query.isError) return <OfflineState />;
  return (
    <div className="space-y-3">
      <SnapshotLine updatedAt={query.dataUpdatedAt ?? 0} />
      {children}
    </div>
  );
}
