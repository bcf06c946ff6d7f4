import type { ChatSummary, Message } from "@shared/api/chats";
import { describe, expect, it } from "vitest";
import {
  buildThreadEntries,
  chatSubject,
  chatsForTab,
  mergeMessage,
  type OutboxEntry,
  tabOfNewestUnread,
  unreadOfTab,
} from "./thread-messages";

const ME = "me";
const THEM = "them";

function message(overrides: Partial<Message>): Message {
  return {
    id: "m0",
    chatId: "c1",
    senderId: THEM,
    clientId: "client-0",
    type: "text",
    text: "hello",
    offerPrice: null,
    photo: null,
    scamWarning: false,
    photoCheck: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

function chat(overrides: Partial<ChatSummary>): ChatSummary {
  return {
    id: "c1",
    kind: "item",
    tab: "buying",
    counterpart: { id: THEM, name: "Asha", photoUrl: null },
    itemId: "i1",
    itemName: "Calculator",
    item: null,
    unreadCount: 0,
    isCounterpartBlocked: false,
    recruitmentPurpose: null,
    lastMessage: null,
    lastSenderId: null,
    updatedAt: "2026-01-01T10:00:00.000Z",
    abilities: { canSend: true, canOffer: true, canRate: false },
    ...overrides,
  };
}

describe("mergeMessage", () => {
  const first = message({ id: "m1", clientId: "a", createdAt: "2026-01-01T10:00:00.000Z" });
  const second = message({ id: "m2", clientId: "b", createdAt: "2026-01-01T10:01:00.000Z" });

  it("appends a newer message", () => {
    expect(mergeMessage([first], second).map((m) => m.id)).toEqual(["m1", "m2"]);
  });

  it("ignores a second copy with the same id", () => {
    const merged = mergeMessage([first, second], { ...second });
    expect(merged.map((m) => m.id)).toEqual(["m1", "m2"]);
  });

  it("replaces a copy with the same sender and clientId", () => {
    const draft = message({
      id: "local-b",
      clientId: "b",
      senderId: ME,
      createdAt: "2026-01-01T10:05:00.000Z",
    });
    const stored = message({ id: "m9", clientId: "b", senderId: ME, createdAt: "2026-01-01T10:02:00.000Z" });
    const merged = mergeMessage([first, draft], stored);
    expect(merged.map((m) => m.id)).toEqual(["m1", "m9"]);
  });

  it("puts a late arrival in time order", () => {
    expect(mergeMessage([second], first).map((m) => m.id)).toEqual(["m1", "m2"]);
  });
});

describe("buildThreadEntries", () => {
  const pending: OutboxEntry = {
    chatId: "c1",
    clientId: "x",
    body: { type: "offer", clientId: "x", offerPrice: 250 },
    createdAt: "2026-01-01T10:03:00.000Z",
    status: "pending",
  };

  it("shows our unsent messages after the stored ones", () => {
    const entries = buildThreadEntries([message({ id: "m1" })], [pending], "c1", ME);
    expect(entries.map((e) => e.status)).toEqual(["sent", "pending"]);
    expect(entries[1]?.message).toMatchObject({ type: "offer", offerPrice: 250, senderId: ME });
  });

  it("hides an unsent copy once the stored one has its clientId", () => {
    const stored = message({ id: "m2", clientId: "x", senderId: ME });
    expect(buildThreadEntries([stored], [pending], "c1", ME)).toHaveLength(1);
  });

  it("shows only the open chat's outbox", () => {
    expect(buildThreadEntries([], [{ ...pending, chatId: "c2" }], "c1", ME)).toHaveLength(0);
  });
});

describe("chat list", () => {
  it("filters by tab and puts the latest update first", () => {
    const chats = [
      chat({ id: "old", updatedAt: "2026-01-01T09:00:00.000Z" }),
      chat({ id: "selling", tab: "selling" }),
      chat({ id: "new", updatedAt: "2026-01-02T09:00:00.000Z" }),
    ];
    expect(chatsForTab(chats, "buying").map((c) => c.id)).toEqual(["new", "old"]);
    expect(chatsForTab(chats, "recruitment")).toEqual([]);
  });

  it("names the item with Selling or Buying, or the recruitment purpose", () => {
    expect(chatSubject(chat({ tab: "selling" }))).toBe("Selling: Calculator");
    expect(chatSubject(chat({ tab: "buying" }))).toBe("Buying: Calculator");
    expect(chatSubject(chat({ tab: "recruitment", recruitmentPurpose: "Hackathon team" }))).toBe(
      "Hackathon team",
    );
  });

  it("opens on the tab of the newest unread chat, and counts each tab's unread messages", () => {
    const chats = [
      chat({ id: "b-read", tab: "buying", updatedAt: "2026-01-03T09:00:00.000Z" }),
      chat({ id: "b-unread", tab: "buying", unreadCount: 1, updatedAt: "2026-01-01T09:00:00.000Z" }),
      chat({ id: "s-unread", tab: "selling", unreadCount: 2, updatedAt: "2026-01-02T09:00:00.000Z" }),
      chat({ id: "s-unread-2", tab: "selling", unreadCount: 3, updatedAt: "2026-01-01T08:00:00.000Z" }),
    ];
    expect(tabOfNewestUnread(chats)).toBe("selling");
    expect(tabOfNewestUnread(chats.map((c) => ({ ...c, unreadCount: 0 })))).toBeNull();
    expect(unreadOfTab(chats, "selling")).toBe(5);
    expect(unreadOfTab(chats, "buying")).toBe(1);
    expect(unreadOfTab(chats, "recruitment")).toBe(0);
  });
});
