import { onlineManager } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Whether the app has a connection, as the query client sees it: the browser's online and offline
 * events, and the app's own check that the server answers (web/pwa/register.ts), which dispatches
 * 'offline' on a dead Wi-Fi too.
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * For a picture that gives up after its requests fail: call `noteFailure` on each failure. Once it
 * has given up (`hasGivenUp`), if a failure came while the app was offline, `retry` is called as
 * soon as the connection is back; failures while online stand.
 */
export function useRetryAfterOffline(hasGivenUp: boolean, retry: () => void): { noteFailure: () => void } {
  const isOnline = useIsOnline();
  const failedOffline = useRef(false);

  useEffect(() => {
    if (!hasGivenUp || !isOnline || !failedOffline.current) return;
    failedOffline.current = false;
    retry();
  }, [hasGivenUp, isOnline, retry]);

  const noteFailure = useCallback(() => {
    if (!onlineManager.isOnline()) failedOffline.current = true;
  }, []);
  return { noteFailure };
}
