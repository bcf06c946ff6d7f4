import type { MeResponse, PageSession, User } from "@shared/api/auth";
import { SESSION_ELEMENT_ID } from "@shared/app-routes";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { liveSeqStorageKey, storeSeq } from "./live-seq";
import { KEPT_ACCOUNT_KEY } from "./offline-cache/account-key";
import { keepPageResponses } from "./page-responses";
import { rememberSignedOutReason } from "./signed-out-reason";

export const meQueryOptions = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: async () => {
    const me = await apiFetch<MeResponse>("/api/auth/me");
    // The session ended while this tab's live socket was away: the sign-in page says why.
    if (me.signedOut) rememberSignedOutReason(me.signedOut);
    return me;
  },
  staleTime: 60_000,
});

let restoring: Promise<unknown> = Promise.resolve();

/** Settles once what this device kept for offline use is back in the cache (or there was none). */
export function offlineCacheRestored(): Promise<unknown> {
  return restoring;
}

/**
 * Who is signed in, known before the app draws: the server writes it into the page it sends
 * (server/plugins/spa.ts), so the first page draws without first asking GET /api/auth/me. Read
 * once: a page drawn from the service worker's copy, or without it, asks the server instead, after
 * putting back what the device kept of the signed-in student's answers (lib/offline-cache/), so
 * that offline the shell and the pages they saw draw (decision 052).
 */
export function startSession(queryClient: QueryClient): void {
  const element = document.getElementById(SESSION_ELEMENT_ID);
  const written = element?.textContent;
  element?.remove();
  const session = written ? readPageSession(written) : null;
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(KEPT_ACCOUNT_KEY);
  } catch {}
  if (!session) {
    if (kept) {
      restoring = import("./offline-cache/persister")
        .then((persister) => persister.restoreOfflineCache(queryClient))
        .catch(() => {});
    }
    void restoring.then(() => queryClient.prefetchQuery(meQueryOptions));
    return;
  }
  // Kept for another account, or nobody is signed in now: forgotten.
  if (kept && kept !== session.user?.id) {
    void import("./offline-cache/kept-account").then((account) => account.forgetOfflineCache());
  }
  queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user: session.user });
  keepPageResponses(session.responses, Date.now());
  // The live socket resumes from the page's moment: what happened since is replayed to it, and
  // what happened before is in what the page fetches, so nothing needs fetching twice.
  if (session.user && session.liveSeq !== undefined) {
    storeSeq(liveSeqStorageKey(session.user.id), session.liveSeq);
  }
}

function readPageSession(written: string): PageSession | null {
  try {
    const session = JSON.parse(written) as PageSession;
    return session && typeof session === "object" && "user" in session ? session : null;
  } catch {
    return null; // Unreadable: ask the server as usual.
  }
}

export interface Session {
  user: User | null;
  isAdmin: boolean;
  isLoading: boolean;
  /** Still loading because there is no connection: the page says it is offline, not loading. */
  isWaitingForNetwork?: boolean;
}

/** Who is signed in, as the server says; the browser never decides the role itself. */
export function useSession(): Session {
  const { data, isPending, fetchStatus } = useQuery(meQueryOptions);
  const user = data?.user ?? null;
  return {
    user,
    isAdmin: user?.role === "admin",
    isLoading: isPending,
    isWaitingForNetwork: isPending && fetchStatus === "paused",
  };
}
