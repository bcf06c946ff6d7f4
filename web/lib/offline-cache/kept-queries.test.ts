import { hashKey, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  chooseKept,
  KEPT_CHATS,
  KEPT_FOR_MS,
  KEPT_MESSAGES,
  type KeptQuery,
  MAX_SNAPSHOT_CHARS,
} from "./kept-queries";

const NOW = Date.parse("2026-12-05T10:00:00Z");
const ME = "user-1";

function query(queryKey: QueryKey, data: unknown, dataUpdatedAt = NOW - 1000): KeptQuery {
  return {
    queryKey,
    queryHash: hashKey(queryKey),
    dehydratedAt: NOW,
    state: {
      data,
      dataUpdateCount: 1,
      dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: "success",
      fetchStatus: "idle",
    },
  };
}

const me = (id = ME) => query(["auth", "me"], { user: { id, name: "Anjali" }, signedOut: undefined });
const keys = (kept: KeptQuery[]) => kept.map((entry) => entry.queryKey);

describe("what is kept for reading offline", () => {
  it("keeps nothing without the signed-in student, or for another account", () => {
    const item = query(["items", "detail", "a"], { item: {} });
    expect(chooseKept([item], ME, NOW)).toEqual([]);
    expect(chooseKept([me("user-2"), item], ME, NOW)).toEqual([]);
  });

  it("keeps the listed answers only: not settings, another's profile, a later browse page", () => {
    const kept = chooseKept(
      [
        me(),
        query(["items", "browse", { page: 1, search: "" }], { items: [] }),
        query(["items", "browse", { page: 2, search: "" }], { items: [] }),
        query(["items", "detail", "a"], { item: {} }),
        query(["chats", "list"], { chats: [] }),
        query(["notifications", "list"], { notifications: [] }),
        query(["notifications", "counts"], { messages: 0 }),
        query(["profiles", "detail", ME], { profile: {} }),
        query(["profiles", "detail", "someone-else"], { profile: {} }),
        query(["settings", "sessions"], { sessions: [] }),
        query(["dashboard"], {}),
      ],
      ME,
      NOW,
    );
    expect(keys(kept)).toEqual([
      ["auth", "me"],
      ["items", "browse", { page: 1, search: "" }],
      ["items", "detail", "a"],
      ["chats", "list"],
      ["notifications", "list"],
      ["notifications", "counts"],
      ["profiles", "detail", ME],
    ]);
    // Who is signed in, without anything else of the session's answer.
    expect(kept[0]?.state.data).toEqual({ user: { id: ME, name: "Anjali" } });
  });

  it("keeps the first page of browse as last loaded, and item pages of the last 7 days", () => {
    const kept = chooseKept(
      [
        me(),
        query(["items", "browse", { page: 1, category: "books" }], {}, NOW - 5000),
        query(["items", "browse", { page: 1, category: "all" }], {}, NOW - 1000),
        query(["items", "detail", "recent"], {}, NOW - KEPT_FOR_MS + 60_000),
        query(["items", "detail", "old"], {}, NOW - KEPT_FOR_MS - 60_000),
      ],
      ME,
      NOW,
    );
    expect(keys(kept)).toEqual([
      ["auth", "me"],
      ["items", "browse", { page: 1, category: "all" }],
      ["items", "detail", "recent"],
    ]);
  });

  it("keeps the last 50 messages of the 20 most recent chats", () => {
    const threads = Array.from({ length: KEPT_CHATS + 3 }, (_, index) =>
      query(["chats", "thread", `chat-${index}`], {
        chat: { updatedAt: new Date(NOW - index * 60_000).toISOString() },
        messages: Array.from({ length: 70 }, (_, number) => ({ id: `m-${number}` })),
      }),
    );
    const kept = chooseKept([me(), ...threads.reverse()], ME, NOW).filter(
      (entry) => entry.queryKey[0] === "chats",
    );
    expect(kept.map((entry) => entry.queryKey[2])).toEqual(
      Array.from({ length: KEPT_CHATS }, (_, index) => `chat-${index}`),
    );
    const messages = (kept[0]?.state.data as { messages: { id: string }[] } | undefined)?.messages;
    expect(messages).toHaveLength(KEPT_MESSAGES);
    expect(messages?.at(-1)?.id).toBe("m-69");
  });

  it("keeps only the events marked Interested", () => {
    const kept = chooseKept(
      [
        me(),
        query(["events", "list", { college: "" }], {
          events: [
            { id: "e1", isInterested: true },
            { id: "e2", isInterested: false },
          ],
        }),
        query(["events", "list", { college: "x" }], { events: [{ id: "e3", isInterested: false }] }),
      ],
      ME,
      NOW,
    );
    expect(keys(kept)).toEqual([
      ["auth", "me"],
      ["events", "list", { college: "" }],
    ]);
    expect(kept[1]?.state.data).toEqual({ events: [{ id: "e1", isInterested: true }] });
  });

  it("stays within its size bound by dropping the oldest item pages first", () => {
    const big = "x".repeat(MAX_SNAPSHOT_CHARS / 4);
    const items = [0, 1, 2, 3, 4].map((age) =>
      query(["items", "detail", `item-${age}`], { text: big }, NOW - age * 60_000),
    );
    const kept = chooseKept([me(), query(["chats", "list"], { chats: [] }), ...items], ME, NOW);
    expect(keys(kept)).toEqual([
      ["auth", "me"],
      ["items", "detail", "item-0"],
      ["items", "detail", "item-1"],
      ["items", "detail", "item-2"],
      ["chats", "list"],
    ]);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(MAX_SNAPSHOT_CHARS);
  });
});
