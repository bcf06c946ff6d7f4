import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

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
