import type { MeResponse } from "@shared/api/auth";
import { dehydrate, hashKey, hydrate, type QueryClient } from "@tanstack/react-query";
import { KEPT_ACCOUNT_KEY } from "./account-key";
import { forgetOfflineCache, OFFLINE_DATABASE } from "./kept-account";
import { chooseKept, isKeptKey, type KeptQuery, OFFLINE_CACHE_VERSION } from "./kept-queries";

/**
 * The persisted query cache: what a student has seen, kept in IndexedDB on their device so that a
 * start without a connection draws it again (decision 052). TanStack Query's own dehydrate and
 * hydrate write and read the answers; this file keeps one snapshot of them, of one account, of one
 * version, within the limits of kept-queries.ts. The service worker keeps no API answer.
 */

const STORE = "snapshots";
const SNAPSHOT_KEY = "queries";
/** Writes are gathered: a burst of answers (a page opening) is one write. */
const SAVE_DELAY_MS = 1000;
const ME_HASH = hashKey(["auth", "me"]);

interface Snapshot {
  version: number;
  userId: string;
  savedAt: number;
  queries: KeptQuery[];
}

let database: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Sign-out (forgetOfflineCache), here or in another tab, deletes the database: let it.
      db.onversionchange = () => {
        db.close();
        database = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    database = undefined;
    throw error;
  });
  return database;
}

async function inStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** The kept snapshot, or null when there is none, or one of another version. */
async function readSnapshot(): Promise<Snapshot | null> {
  try {
    const snapshot = (await inStore("readonly", (store) => store.get(SNAPSHOT_KEY))) as Snapshot | undefined;
    if (!snapshot || snapshot.version !== OFFLINE_CACHE_VERSION || !Array.isArray(snapshot.queries)) {
      return null;
    }
    return snapshot;
  } catch {
    return null; // No IndexedDB (a private window may refuse it): nothing kept.
  }
}

async function writeSnapshot(snapshot: Snapshot): Promise<void> {
  await inStore("readwrite", (store) => store.put(snapshot, SNAPSHOT_KEY));
}

/**
 * A start without the server's page (the service worker's copy of the app, offline): what was kept
 * is put back into the query cache, with who is signed in, so the app's shell and the pages seen
 * draw at once. The queries fetch again as soon as the connection is back.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  const snapshot = await readSnapshot();
  if (!snapshot) return;
  const queries = chooseKept(snapshot.queries, snapshot.userId, Date.now());
  if (queries.length === 0) return;
  hydrate(queryClient, { mutations: [], queries });
}

/**
 * Keeps the student's answers while they use the app: each change of a kept answer is written (in
 * bursts) into the snapshot, merged with what the snapshot held from earlier visits (an item opened
 * yesterday stays kept though this visit never asked for it). A snapshot of another account is
 * dropped first; when the session ends or another account signs in, everything kept is forgotten
 * and the old account's answers leave the open app too. Returns the stop.
 */
export function keepOfflineCache(queryClient: QueryClient, userId: string): () => void {
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let kept = new Map<string, KeptQuery>();
  const isCurrentUser = () => queryClient.getQueryData<MeResponse>(["auth", "me"])?.user?.id === userId;

  const ready = readSnapshot().then((snapshot) => {
    if (snapshot && snapshot.userId === userId) {
      kept = new Map(snapshot.queries.map((query) => [query.queryHash, query]));
    }
    try {
      localStorage.setItem(KEPT_ACCOUNT_KEY, userId);
    } catch {
      // Without the mark a signed-out start cannot tell what to forget: keep nothing then.
      stop();
    }
  });

  async function save(): Promise<void> {
    await ready;
    if (isStopped || !isCurrentUser()) return;
    const open = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === "success" && isKeptKey(query.queryKey, userId),
    }).queries;
    for (const query of open) kept.set(query.queryHash, query);
    const chosen = chooseKept([...kept.values()], userId, Date.now());
    kept = new Map(chosen.map((query) => [query.queryHash, query]));
    try {
      await writeSnapshot({ version: OFFLINE_CACHE_VERSION, userId, savedAt: Date.now(), queries: chosen });
    } catch {
      // Storage full or refused: the app works on; the next change tries again.
    }
  }

  const schedule = () => {
    if (isStopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, SAVE_DELAY_MS);
  };

  function stop(): void {
    isStopped = true;
    clearTimeout(timer);
    timer = undefined;
    unsubscribe();
    document.removeEventListener("visibilitychange", saveWhenHidden);
    window.removeEventListener("pagehide", saveOnLeaving);
  }

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (isStopped) return;
    if (event.query.queryHash === ME_HASH) {
      const data = event.query.state.data as MeResponse | undefined;
      if (data && data.user?.id !== userId) {
        // Signed out, the session ended, or another student signed in: nothing of this account stays.
        stop();
        forgetOfflineCache();
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== ME_HASH });
      }
      return;
    }
    if (event.type === "updated" && event.action.type === "success") schedule();
  });

  // A phone puts the app away without warning, and a link may leave the page within the second:
  // what is waiting is written as it goes.
  function saveWhenHidden(): void {
    if (document.visibilityState !== "hidden" || !timer) return;
    clearTimeout(timer);
    timer = undefined;
    void save();
  }
  function saveOnLeaving(): void {
    if (!timer) return;
    clearTimeout(timer);
    timer = undefined;
    void save();
  }
  document.addEventListener("visibilitychange", saveWhenHidden);
  window.addEventListener("pagehide", saveOnLeaving);
  schedule();
  return stop;
}
