import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; only network and server faults are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * Queries wait while there is no connection and fetch again when it is back. The connection is the
 * browser's online and offline events, with those the app's own check dispatches when the server
 * cannot be reached (web/pwa/register.ts, which also marks <html data-offline>). Listened to from
 * the start, not from the first query as the query client would, so a page opened offline (the
 * service worker's app shell) misses none of them and its queries wait instead of failing.
 */
function watchConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    if (typeof window === "undefined") return undefined;
    setOnline(navigator.onLine && !document.documentElement.hasAttribute("data-offline"));
    const handleOnline = () => setOnline(true);
    const handleOffline = () => setOnline(false);
    window.addEventListener("online", handleOnline);
    window.addEventListener("offline", handleOffline);
    return () => {
      window.removeEventListener("online", handleOnline);
      window.removeEventListener("offline", handleOffline);
    };
  });
}

export function createQueryClient(): QueryClient {
  watchConnection();
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      // An action tried offline is refused at once, where it was asked for (apiFetch's network
      // error), rather than waiting unseen behind a spinner; the chat's outbox keeps its messages
      // for later itself.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
