/*
 * The history behind useBackToClose (./back-to-close.ts), loaded with the first view it opens.
 *
 * While a view is open it has an entry of its own in the browser's history, at the same address,
 * marked in the entry's state. Back (Android's button or gesture, the browser's arrow,
 * history.back()) returns to the entry below, and every view opened above it closes; the page and
 * its address stay. A view closed another way (its Close button, Escape) takes its entry away
 * again, so the next Back leaves the page as it would have. A link inside an open view leaves its
 * entry behind, under the new page: Back from there steps over it. A view whose closing replaces
 * the address (navigate(..., { replace: true })) replaces its own entry: Back from there steps
 * over the entry the view was opened from, as it would have without the view.
 *
 * A view that changes the address while it stays open (a filter sheet applying each choice) should
 * apply the change as it closes instead: the address below the view's entry is the one Back shows.
 */

const MARK = "backToClose";

/** The views open now, by mark; a view opened later has a higher mark, as its entry sits higher. */
const views = new Map<number, () => void>();
let lastMark = 0;
/** Our own history.back() calls whose popstate has not come yet. */
let ownBacks = 0;
/** What waits for those to arrive: the history moves one step at a time. */
const waiting: (() => void)[] = [];
let isListening = false;
/** The router's keys of entries Back steps over: those a view's replaced entry stood on. */
const skippedKeys = new Set<string>();

function markOf(state: unknown): number {
  if (typeof state !== "object" || state === null) return 0;
  const mark = (state as Record<string, unknown>)[MARK];
  return typeof mark === "number" ? mark : 0;
}

/** React Router's key of a history entry. */
function keyOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const key = (state as Record<string, unknown>).key;
  return typeof key === "string" ? key : null;
}

function goBack(): void {
  ownBacks += 1;
  window.history.back();
}

function whenSettled(step: () => void): void {
  waiting.push(step);
  while (ownBacks === 0 && waiting.length > 0) waiting.shift()?.();
}

function handlePopState(): void {
  if (ownBacks > 0) {
    ownBacks -= 1;
    whenSettled(() => {});
    return;
  }
  const shown = markOf(window.history.state);
  // The newest view first, as Back would close them one by one.
  const above = [...views.keys()].filter((mark) => mark > shown).sort((a, b) => b - a);
  for (const mark of above) {
    const close = views.get(mark);
    views.delete(mark);
    pushedOver.delete(mark);
    close?.();
  }
  // An entry left behind by a view that is gone (a link inside it moved on), or the one a view
  // stood on before its closing replaced the address: step over it.
  const key = keyOf(window.history.state);
  if ((shown > 0 && !views.has(shown)) || (key !== null && skippedKeys.has(key))) goBack();
}

/** Where each open view's entry was pushed: the entry below it and the history's length then. */
const pushedOver = new Map<number, { below: unknown; length: number }>();

/** Opens a view that Back closes through `close`; returns what closes it another way. */
export function openView(close: () => void): () => void {
  if (!isListening) {
    window.addEventListener("popstate", handlePopState);
    isListening = true;
  }
  // Above every entry this tab has made, even before a reload.
  lastMark = Math.max(lastMark + 1, Date.now());
  const mark = lastMark;
  views.set(mark, close);
  whenSettled(() => {
    if (!views.has(mark)) return;
    const below: unknown = window.history.state;
    window.history.pushState({ ...(below as object), [MARK]: mark }, "");
    pushedOver.set(mark, { below, length: window.history.length });
  });
  return () => closeView(mark);
}

function closeView(mark: number): void {
  // Gone already when Back closed it.
  if (!views.delete(mark)) return;
  whenSettled(() => {
    const pushed = pushedOver.get(mark);
    pushedOver.delete(mark);
    const state: unknown = window.history.state;
    if (markOf(state) === mark) {
      goBack();
      return;
    }
    // Closing replaced the address: the entry now shown is the view's own, at the same place.
    const belowKey = keyOf(pushed?.below);
    if (
      pushed &&
      belowKey !== null &&
      markOf(state) === 0 &&
      window.history.length === pushed.length &&
      keyOf(state) !== belowKey &&
      (state as { idx?: unknown } | null)?.idx === (pushed.below as { idx?: unknown } | null)?.idx
    ) {
      skippedKeys.add(belowKey);
    }
  });
}
