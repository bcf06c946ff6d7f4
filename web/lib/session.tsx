import type { MeResponse, PageSession, User } from "@shared/api/auth";
import { SESSION_ELEMENT_ID } from "@shared/app-routes";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { liveSeqStorageKey, storeSeq } from "./live-seq";
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

/**
 * Who is signed in, known before the app draws: the server writes it into the page it sends
 * (server/plugins/spa.ts), so the first page draws without first asking GET /api/auth/me. Read
 * once: a page drawn from the service worker's copy, or without it, asks the server instead.
 */
export function startSession(queryClient: QueryClient): void {
  const element = document.getElementById(SESSION_ELEMENT_ID);
  const written = element?.textContent;
  element?.remove();
  const session = written ? readPageSession(written) : null;
  if (!session) {
    void queryClient.prefetchQuery(meQueryOptions);
    return;
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
