import type { MeResponse, User } from "@shared/api/auth";
import { SESSION_ELEMENT_ID } from "@shared/app-routes";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";

export const meQueryOptions = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: () => apiFetch<MeResponse>("/api/auth/me"),
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
  if (written) {
    try {
      const session = JSON.parse(written) as MeResponse;
      if (session && typeof session === "object" && "user" in session) {
        queryClient.setQueryData(meQueryOptions.queryKey, session);
        return;
      }
    } catch {
      // Unreadable: ask the server as usual.
    }
  }
  void queryClient.prefetchQuery(meQueryOptions);
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
