import { useEffect, useSyncExternalStore } from "react";

/*
 * A page that takes the whole phone screen for itself (a chat thread, say) hides the app's bars
 * there: the top bar and the bottom tab bar. Desktop keeps its bar.
 *
 *   useFullScreenView(isThreadOpen);
 *
 * The pages under web/features cannot reach the layout in web/app, so the two meet here: the
 * hook counts the pages that ask, the layout reads `useIsFullScreenView()`.
 */

let holders = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number): void {
  holders += by;
  for (const listener of listeners) listener();
}

const isHeld = () => holders > 0;

/** While `isActive` (and the calling page is shown), phones show the page without the app's bars. */
export function useFullScreenView(isActive = true): void {
  useEffect(() => {
    if (!isActive) return;
    change(1);
    return () => change(-1);
  }, [isActive]);
}

/** Whether a page shown now has asked for the whole phone screen (see useFullScreenView). */
export function useIsFullScreenView(): boolean {
  return useSyncExternalStore(subscribe, isHeld, () => false);
}
