import { useCallback, useState } from "react";
import { useRetryAfterOffline } from "../ui/use-is-online";

/**
 * A photo shown from the first of `sources` that loads (the item page's size, then the original),
 * undefined once all have failed. A photo that failed while the app was offline starts again from
 * the first source once the connection is back. `key` changes with each fresh start: give it to
 * the <img>, so the browser makes a new request rather than keeping the failure.
 */
export function usePhotoSources(sources: string[]) {
  const [failures, setFailures] = useState(0);
  const [round, setRound] = useState(0);
  const src = sources[failures];

  const startAgain = useCallback(() => {
    setFailures(0);
    setRound((current) => current + 1);
  }, []);
  const { noteFailure } = useRetryAfterOffline(src === undefined, startAgain);

  const handleError = useCallback(() => {
    noteFailure();
    setFailures((current) => current + 1);
  }, [noteFailure]);

  return { src, key: round, handleError };
}
