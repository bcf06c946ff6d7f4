import { onlineManager } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api";

/** What an action that needs the server says, where it was asked for, without a connection. */
export const OFFLINE_REFUSAL = "You're offline. Try again when you're back online.";

/** No connection: the browser says so, or the query client does (web/lib/query-client.ts). */
export const isOffline = () => !(navigator.onLine && onlineManager.isOnline());

/** An action's failure for lack of a connection: the request never reached the server. */
export const isConnectionFailure = (error: unknown) =>
  isOffline() || (error instanceof ApiError && error.code === NETWORK_ERROR_CODE);

/**
 * One action's refusal while offline. `attempt(action)` runs the action, or without a connection
 * refuses it and says it did not run; `noteFailure(error)` refuses when the action failed for lack
 * of a connection, and says whether it did. The refusal goes when the connection is back.
 */
export function useOfflineRefusal() {
  const [isRefused, setIsRefused] = useState(false);
  useEffect(
    () => (isRefused ? onlineManager.subscribe((isOnline) => isOnline && setIsRefused(false)) : undefined),
    [isRefused],
  );
  return {
    isRefused,
    attempt(action?: () => void): boolean {
      const offline = isOffline();
      setIsRefused(offline);
      if (!offline) action?.();
      return !offline;
    },
    noteFailure(error: unknown) {
      const isRefusal = isConnectionFailure(error);
      if (isRefusal) setIsRefused(true);
      return isRefusal;
    },
  };
}

/** The refusal's words, drawn beside the action's button while `shown`. */
export function OfflineRefusal({ shown, className = "" }: { shown: boolean; className?: string }) {
  if (!shown) return null;
  return (
    <p role="alert" className={`text-sm text-slate-700 ${className}`}>
      {OFFLINE_REFUSAL}
    </p>
  );
}
