import { useCallback, useEffect, useRef, useState } from "react";
import { useRetryAfterOffline } from "../ui/use-is-online";
import {
  cachedImageSource,
  IMAGE_OBSERVER_OPTIONS,
  imageAttempts,
  nextImageAttempt,
  rememberLoadedImage,
} from "./image-loading";

export type LazyImageStatus = "waiting" | "loading" | "loaded" | "failed";

interface LazyImageState {
  status: LazyImageStatus;
  /** Which of imageAttempts(url) is showing; -1 before the first or for a cached image. */
  attempt: number;
  src: string | null;
  /** Counts the requests made, so that asking again for the same URL makes a fresh request. */
  requests: number;
}

function initialState(url: string, isFirst: boolean): LazyImageState {
  const cached = cachedImageSource(url);
  if (cached) return { status: "loaded", attempt: -1, src: cached, requests: 0 };
  const first = imageAttempts(url)[0];
  return isFirst && first
    ? { status: "loading", attempt: 0, src: first.src, requests: 1 }
    : { status: "waiting", attempt: -1, src: null, requests: 0 };
}

/**
 * A browse card's image (spec section 4, "Browse image loading"): nothing is requested until the
 * card nears the viewport; then the thumbnail, the original, and two delayed retries, before the
 * card gives up. Images that loaded once show at once on the next visit. The first cards of a list
 * (`isFirst`), on screen as the page opens, ask at once, as their first render is drawn. A card that
 * gave up while the app was offline starts again from the thumbnail once the connection is back.
 */
export function useLazyImage(url: string, isFirst = false) {
  const containerRef = useRef<HTMLDivElement>(null);
  const retryTimer = useRef<number | undefined>(undefined);
  const [state, setState] = useState(() => initialState(url, isFirst));

  const startAttempt = useCallback(
    (attempt: number) => {
      const next = imageAttempts(url)[attempt];
      if (!next) return;
      setState((current) => ({ status: "loading", attempt, src: next.src, requests: current.requests + 1 }));
    },
    [url],
  );
  const startAgain = useCallback(() => startAttempt(0), [startAttempt]);
  const { noteFailure } = useRetryAfterOffline(state.status === "failed", startAgain);

  useEffect(() => {
    if (state.status !== "waiting") return;
    const element = containerRef.current;
    // Without IntersectionObserver (very old browsers) load straight away rather than never.
    if (!element || typeof IntersectionObserver === "undefined") {
      startAttempt(0);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        startAttempt(0);
      }
    }, IMAGE_OBSERVER_OPTIONS);
    observer.observe(element);
    return () => observer.disconnect();
  }, [state.status, startAttempt]);

  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  const handleLoad = useCallback(() => {
    setState((current) => {
      if (current.src) rememberLoadedImage(current.src);
      return { ...current, status: "loaded" };
    });
  }, []);

  const handleError = useCallback(() => {
    noteFailure();
    const next = nextImageAttempt(url, state.attempt);
    if (!next) {
      setState((current) => ({ ...current, status: "failed" }));
      return;
    }
    const attempt = state.attempt + 1;
    if (next.delayMs === 0) startAttempt(attempt);
    else retryTimer.current = window.setTimeout(() => startAttempt(attempt), next.delayMs);
  }, [url, state.attempt, startAttempt, noteFailure]);

  return { containerRef, ...state, handleLoad, handleError };
}
