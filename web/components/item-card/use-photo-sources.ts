import { onlineManager } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useIsOnline } from "../ui/use-is-online";

interface PhotoSourcesState {
  /** How many of the sources have failed; all of them: the placeholder shows. */
  failures: number;
  /** Counts fresh starts, so that asking again for the same URL makes a fresh request. */
  round: number;
  /** A source failed while the app had no connection: all are tried again once it is back. */
  failedOffline: boolean;
}

/**
 * A photo shown from the first of `sources` that loads (the item page's size, then the original),
 * undefined once all have failed. A photo that failed while the app was offline starts again from
 * the first source once the connection is back. `key` changes with each fresh start: give it to
 * the <img>, so the browser makes a new request rather than keeping the failure.
 */
export function usePhotoSources(sources: string[]) {
  const [state, setState] = useState<PhotoSourcesState>({ failures: 0, round: 0, failedOffline: false });
  const isOnline = useIsOnline();
  const src = sources[state.failures];
  const hasFailed = src === undefined;

  useEffect(() => {
    if (hasFailed && state.failedOffline && isOnline) {
      setState((current) => ({ failures: 0, round: current.round + 1, failedOffline: false }));
    }
  }, [hasFailed, state.failedOffline, isOnline]);

  const handleError = useCallback(() => {
    setState((current) => ({
      ...current,
      failures: current.failures + 1,
      failedOffline: current.failedOffline || !onlineManager.isOnline(),
    }));
  }, []);

  return { src, key: state.round, handleError };
}
