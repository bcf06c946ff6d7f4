import type { DehydratedState, QueryKey } from "@tanstack/react-query";

/**
 * What of a student's answers stays readable offline on their device (issue 39), and how much.
 * The keys are those the features use (the features' api/ files; lib knows no feature, so they are
 * written out here): a key renamed there stops being kept, which the offline browser test catches.
 */

/** Raised when a kept answer's shape changes: a snapshot of another version is dropped whole. */
export const OFFLINE_CACHE_VERSION = 1;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Item pages opened (and everything else kept) in the last 7 days. */
export const KEPT_FOR_MS = 7 * DAY_MS;
/** The most recent chats whose messages are kept, and how many of each chat's last messages. */
export const KEPT_CHATS = 20;
export const KEPT_MESSAGES = 50;
/** Lists of events kept (each only with the events the student marked Interested). */
const KEPT_EVENT_LISTS = 3;
/** The size bound of a snapshot, in characters of its JSON (about 2 MB). */
export const MAX_SNAPSHOT_CHARS = 2_000_000;

export type KeptQuery = DehydratedState["queries"][number];

/** What a kept answer is, by its key; null for answers never kept. */
type Kind = "me" | "browse" | "item" | "thread" | "events" | "chatList" | "notifications" | "ownProfile";

function kindOf(key: QueryKey, userId: string): Kind | null {
  const [root, part, detail] = key as readonly unknown[];
  if (root === "auth" && part === "me" && key.length === 2) return "me";
  if (root === "items" && part === "browse") {
    // The first page of browse, as last loaded.
    return (detail as { page?: unknown } | undefined)?.page === 1 ? "browse" : null;
  }
  if (root === "items" && part === "detail" && typeof detail === "string") return "item";
  if (root === "chats" && part === "list" && key.length === 2) return "chatList";
  if (root === "chats" && part === "thread" && typeof detail === "string") return "thread";
  if (root === "notifications" && (part === "list" || part === "counts") && key.length === 2) {
    return "notifications";
  }
  if (root === "profiles" && part === "detail" && detail === userId) return "ownProfile";
  if (root === "events" && part === "list") return "events";
  return null;
}

/** Whether an answer of this key may be kept at all (before the limits of chooseKept). */
export function isKeptKey(key: QueryKey, userId: string): boolean {
  return kindOf(key, userId) !== null;
}

/**
 * Dropped first when the snapshot is over its size bound: the oldest item pages, then the oldest
 * chats, and so on; who is signed in is never dropped (the app's shell needs it offline).
 */
const DROP_ORDER: readonly Kind[] = [
  "item",
  "thread",
  "events",
  "browse",
  "notifications",
  "chatList",
  "ownProfile",
];

interface Thread {
  chat?: { updatedAt?: string };
  messages?: unknown[];
}
interface EventList {
  events?: { isInterested?: boolean }[];
}

const withData = (query: KeptQuery, data: unknown): KeptQuery => ({
  ...query,
  state: { ...query.state, data },
});

const newestFirst = (a: KeptQuery, b: KeptQuery) => b.state.dataUpdatedAt - a.state.dataUpdatedAt;

const threadTime = (query: KeptQuery) =>
  Date.parse((query.state.data as Thread | undefined)?.chat?.updatedAt ?? "") || query.state.dataUpdatedAt;

/**
 * The answers to keep of those given (the kept snapshot merged with the open app's cache): only
 * the student's own, within their limits, each trimmed to what is kept of it, and within the size
 * bound. Pure, so that it is tested on its own (kept-queries.test.ts).
 */
export function chooseKept(queries: readonly KeptQuery[], userId: string, now: number): KeptQuery[] {
  const byKind = new Map<Kind, KeptQuery[]>();
  for (const query of queries) {
    const kind = kindOf(query.queryKey, userId);
    if (!kind || query.state.status !== "success" || query.state.data === undefined) continue;
    if (kind !== "me" && now - query.state.dataUpdatedAt > KEPT_FOR_MS) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), query]);
  }
  const kept: { kind: Kind; query: KeptQuery }[] = [];
  const keep = (kind: Kind, list: readonly KeptQuery[]) => {
    for (const query of list) kept.push({ kind, query });
  };

  // Who is signed in, and nothing else of the session: the shell draws from it offline.
  const me = (byKind.get("me") ?? []).find(
    (query) => (query.state.data as { user?: { id?: string } | null }).user?.id === userId,
  );
  if (!me) return [];
  keep("me", [withData(me, { user: (me.state.data as { user: unknown }).user })]);

  keep("browse", [...(byKind.get("browse") ?? [])].sort(newestFirst).slice(0, 1));
  keep("item", byKind.get("item") ?? []);
  keep("chatList", byKind.get("chatList") ?? []);
  keep(
    "thread",
    [...(byKind.get("thread") ?? [])]
      .sort((a, b) => threadTime(b) - threadTime(a))
      .slice(0, KEPT_CHATS)
      .map((query) => {
        const thread = query.state.data as Thread;
        return withData(query, { ...thread, messages: (thread.messages ?? []).slice(-KEPT_MESSAGES) });
      }),
  );
  keep("notifications", byKind.get("notifications") ?? []);
  keep("ownProfile", byKind.get("ownProfile") ?? []);
  keep(
    "events",
    [...(byKind.get("events") ?? [])]
      .sort(newestFirst)
      .map((query) => {
        const list = query.state.data as EventList;
        return withData(query, {
          ...list,
          events: (list.events ?? []).filter((event) => event.isInterested),
        });
      })
      .filter((query) => ((query.state.data as EventList).events ?? []).length > 0)
      .slice(0, KEPT_EVENT_LISTS),
  );

  // The size bound: the least needed and oldest go first.
  const sizes = new Map(kept.map(({ query }) => [query.queryHash, JSON.stringify(query).length]));
  let total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const droppable = kept
    .filter(({ kind }) => kind !== "me")
    .sort(
      (a, b) =>
        DROP_ORDER.indexOf(a.kind) - DROP_ORDER.indexOf(b.kind) ||
        a.query.state.dataUpdatedAt - b.query.state.dataUpdatedAt,
    );
  const dropped = new Set<string>();
  for (const { query } of droppable) {
    if (total <= MAX_SNAPSHOT_CHARS) break;
    dropped.add(query.queryHash);
    total -= sizes.get(query.queryHash) ?? 0;
  }
  return kept.map(({ query }) => query).filter((query) => !dropped.has(query.queryHash));
}
