import { ApiError } from "../../lib/api";
import { type BackoffRange, backoffDelay } from "../../lib/backoff";

/** A send is tried once and then up to three more times. */
export const SEND_RETRIES = 3;
const SEND_BACKOFF: BackoffRange = { minMs: 500, maxMs: 4_000 };

/**
 * Worth another try: the server was not reached, or failed on its side. A refusal (4xx) will
 * not change by asking again.
 */
export function isRetryableSendError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export interface RetryOptions {
  retries?: number;
  delayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  isRetryable?: (error: unknown) => boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a send, retrying transient failures with backoff. The caller passes the same clientId on
 * every try, so the server stores the message once however many tries reach it.
 */
export async function retrySend<T>(send: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    retries = SEND_RETRIES,
    delayMs = (attempt) => backoffDelay(attempt, SEND_BACKOFF),
    sleep = wait,
    isRetryable = isRetryableSendError,
  } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await sleep(delayMs(attempt));
    }
  }
}
