export interface BackoffRange {
  minMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter": the n-th retry waits between half and all of
 * min * 2^n (capped at max), never less than min. The jitter spreads out the reconnects of many
 * tabs after a server restart, so they do not all arrive in the same instant.
 */
export function backoffDelay(
  attempt: number,
  range: BackoffRange,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempt, 0), 30);
  const ceiling = Math.min(range.maxMs, range.minMs * 2 ** exponent);
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.round(Math.min(range.maxMs, Math.max(range.minMs, jittered)));
}

/** The live socket waits 1 s after the first failure and never more than 30 s. */
export const LIVE_RECONNECT_RANGE: BackoffRange = { minMs: 1_000, maxMs: 30_000 };
