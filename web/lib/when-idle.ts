import { useEffect, useState } from "react";

/** How long after a page's first paint its extras wait before asking the browser for idle time. */
const SETTLE_MS = 1000;
/** The longest the browser may keep them waiting after that. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` a second from now, once the browser has nothing else to do: for what a page does not
 * need on its first screen (the service worker, the pagination below the cards), so that nothing it
 * fetches competes with the page's own code, data and first pictures, or with their paint. Returns
 * a function that cancels it.
 */
export function soonWhenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function")
      idle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else task();
  }, SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** False until soonWhenIdle's moment has come after the component was first drawn. */
export function useSoonWhenIdle(): boolean {
  const [hasCome, setHasCome] = useState(false);
  useEffect(() => (hasCome ? undefined : soonWhenIdle(() => setHasCome(true))), [hasCome]);
  return hasCome;
}
