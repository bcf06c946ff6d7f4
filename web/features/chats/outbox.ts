import { ApiError } from "../../lib/api";
import { type BackoffRange, backoffDelay } from "../../lib/backoff";
import { outboxStorageKey } from "./outbox-key";
import type { OutboxEntry } from "./thread-messages";

/*
 * The outbox: my messages the server has not confirmed yet, kept in localStorage per account so
 * they survive a reload or a closed tab, and sent by themselves once the connection is back. Every
 * entry keeps its clientId on every try, and the server stores one message per (sender, clientId):
 * a try whose answer was lost, or two tabs sending the same entry, still make one message.
 */

const storageKey = outboxStorageKey;

function isOutboxEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry | null;
  return (
    typeof entry?.chatId === "string" &&
    typeof entry.clientId === "string" &&
    typeof entry.createdAt === "string" &&
    (entry.status === "pending" || entry.status === "failed") &&
    typeof entry.body?.type === "string" &&
    entry.body.clientId === entry.clientId
  );
}

function read(userId: string): OutboxEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter(isOutboxEntry) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
const snapshots = new Map<string, OutboxEntry[]>();

/** The entries as last read, the same array until they change (for useSyncExternalStore). */
export function outboxSnapshot(userId: string): OutboxEntry[] {
  let snapshot = snapshots.get(userId);
  if (!snapshot) {
    snapshot = read(userId);
    snapshots.set(userId, snapshot);
  }
  return snapshot;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Changes the stored entries, read afresh first so another tab's changes are kept. */
export function updateOutbox(userId: string, change: (entries: OutboxEntry[]) => OutboxEntry[]): void {
  const next = change(read(userId));
  try {
    if (next.length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the entries still live in this tab.
  }
  snapshots.set(userId, next);
  notify();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab sent or queued something.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith("campus-bazaar:outbox:")) {
      snapshots.clear();
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A server failure (5xx) is tried this many more times before the message shows 'Not sent'. */
export const SERVER_FAULT_RETRIES = 3;
const RETRY_RANGE: BackoffRange = { minMs: 1_000, maxMs: 15_000 };

/** The server was not reached: the message waits, however long, and never shows 'Not sent'. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** The server failed on its side, or asked us to slow down: worth a few more tries. */
function isServerFault(error: unknown): boolean {
  return error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408);
}

export interface DeliveryEnvironment {
  isOnline: () => boolean;
  /** Resolves once the browser says it is online again. */
  waitForOnline: () => Promise<void>;
  /** Resolves after ms, or earlier when the browser comes back online. */
  pause: (ms: number) => Promise<void>;
  delayMs?: (attempt: number) => number;
}

const browserEnvironment: DeliveryEnvironment = {
  isOnline: () => navigator.onLine,
  waitForOnline: () =>
    new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true })),
  pause: (ms) =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener("online", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      window.addEventListener("online", done, { once: true });
    }),
};

/**
 * Sends until the server answers: while offline it waits for the connection, an unreachable
 * server is tried again with growing pauses for as long as it takes, a server fault a few times.
 * Only a refusal (4xx) or a server that keeps failing rejects: then the message is 'Not sent'.
 */
export async function deliverUntilAnswered<T>(
  send: () => Promise<T>,
  environment: DeliveryEnvironment = browserEnvironment,
): Promise<T> {
  const delayMs = environment.delayMs ?? ((attempt) => backoffDelay(attempt, RETRY_RANGE));
  let faults = 0;
  for (let attempt = 0; ; attempt++) {
    if (!environment.isOnline()) await environment.waitForOnline();
    try {
      return await send();
    } catch (error) {
      if (isServerFault(error)) {
        faults++;
        if (faults > SERVER_FAULT_RETRIES) throw error;
      } else if (!isUnreachable(error)) {
        throw error;
      }
      await environment.pause(delayMs(attempt));
    }
  }
}
