import { onlineManager } from "@tanstack/react-query";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** How long a download that failed while the app was online waits before its one more try. */
const RETRY_AFTER_MS = 1500;

/** Settles once the app has a connection again (the query client's view: web/pwa/register.ts). */
function whenOnline(): Promise<void> {
  return new Promise((resolve) => {
    const stop = onlineManager.subscribe((isOnline) => {
      if (!isOnline) return;
      stop();
      resolve();
    });
  });
}

/**
 * Downloads a part of the app's code. A download that fails while the app is offline is tried again
 * once the connection is back (the browser fetches a failed module afresh), so a page or dialog
 * opened offline before the service worker had stored it appears when the network returns, not the
 * error page. One that fails online is tried once more, then fails (a file gone after a deploy).
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  let failedOnline = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!onlineManager.isOnline()) {
        await whenOnline();
        continue;
      }
      failedOnline += 1;
      if (failedOnline > 1) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    }
  }
}

/** React's `lazy` over importWhenOnline: a part drawn offline waits for the connection. */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own lazy(), for any props.
export function lazyWhenOnline<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
): LazyExoticComponent<Component> {
  return lazy(() => importWhenOnline(load));
}
