import type { Message, ThreadResponse, UnreadCounts } from "@shared/api/chats";
import type { Notification } from "@shared/api/live-payloads";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { chatKeys } from "../../features/chats/api/chats-api";
import { notificationKeys } from "../../features/notifications/api/notifications-api";
import { upcomingEventsQueryOptions } from "../../features/recruitment/api/get-upcoming-events";
import { dashboardKeys, itemKeys, profileKeys } from "../../lib/query-keys";
import { meQueryOptions } from "../../lib/session";
import { applyBroadcastFrame, applyLiveEvent } from "./apply-live-event";

const message: Message = {
  id: "m2",
  chatId: "c1",
  senderId: "them",
  clientId: "client-2",
  type: "offer",
  text: "Offered ₹250",
  offerPrice: 250,
  photo: null,
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-01-01T10:01:00.000Z",
};

function threadWith(messages: Message[]): ThreadResponse {
  return {
    chat: { counterpart: { id: "them", name: "Asha", photoUrl: null } } as ThreadResponse["chat"],
    messages,
    counterpartReadAt: null,
    counterpartDeliveredAt: null,
    isNewContact: false,
  };
}

describe("applyLiveEvent", () => {
  it("deal.updated refreshes the thread's header, the list and the item's page and cards (the deal's price)", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.thread("c1"), threadWith([]));
    queryClient.setQueryData(itemKeys.detail("item-1"), { item: {} });
    queryClient.setQueryData([...itemKeys.all, "browse", {}], { items: [] });
    applyLiveEvent(queryClient, { seq: 1, type: "deal.updated", data: { chatId: "c1" } });
    expect(queryClient.getQueryState(chatKeys.thread("c1"))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(itemKeys.detail("item-1"))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...itemKeys.all, "browse", {}])?.isInvalidated).toBe(true);
  });

  it("adds a new message to a loaded thread once, however often it arrives", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      chatKeys.thread("c1"),
      threadWith([{ ...message, id: "m1", clientId: "client-1" }]),
    );
    applyLiveEvent(queryClient, { seq: 1, type: "message.created", data: { message } });
    applyLiveEvent(queryClient, { seq: 1, type: "message.created", data: { message } });
    const thread = queryClient.getQueryData<ThreadResponse>(chatKeys.thread("c1"));
    expect(thread?.messages.map((m) => m.id)).toEqual(["m1", "m2"]);
  });

  it("shows another tab's offer answer from the frame, with no fetch of the thread", () => {
    const queryClient = new QueryClient();
    const pending = { status: "pending" as const, isCounter: false, expiresAt: "2026-01-03T10:01:00.000Z" };
    queryClient.setQueryData(chatKeys.thread("c1"), threadWith([]));
    // The offer arrives with its state, then the other side declines it in their own tab.
    applyLiveEvent(queryClient, {
      seq: 1,
      type: "message.created",
      data: { message: { ...message, offer: pending } },
    });
    expect(queryClient.getQueryData<ThreadResponse>(chatKeys.thread("c1"))?.messages[0]?.offer).toEqual(
      pending,
    );
    applyLiveEvent(queryClient, {
      seq: 2,
      type: "offer.updated",
      data: { chatId: "c1", messageId: "m2", offer: { ...pending, status: "declined" } },
    });
    const thread = queryClient.getQueryData<ThreadResponse>(chatKeys.thread("c1"));
    expect(thread?.messages.map((m) => [m.id, m.offer?.status])).toEqual([["m2", "declined"]]);
    expect(queryClient.getQueryState(chatKeys.thread("c1"))?.isInvalidated).toBe(false);
  });

  it("an offer's state waits for a thread still on its way, and lands in it", async () => {
    const queryClient = new QueryClient();
    let answer: (thread: ThreadResponse) => void = () => {};
    const fetching = queryClient.fetchQuery({
      queryKey: chatKeys.thread("c1"),
      queryFn: () => new Promise<ThreadResponse>((resolve) => (answer = resolve)),
    });
    const expiresAt = "2026-01-03T10:01:00.000Z";
    applyLiveEvent(queryClient, {
      seq: 1,
      type: "offer.updated",
      data: { chatId: "c1", messageId: "m2", offer: { status: "accepted", isCounter: false, expiresAt } },
    });
    // The thread was read before the answer: it still says 'pending'.
    answer(threadWith([{ ...message, offer: { status: "pending", isCounter: false, expiresAt } }]));
    await fetching;
    const thread = queryClient.getQueryData<ThreadResponse>(chatKeys.thread("c1"));
    expect(thread?.messages[0]?.offer?.status).toBe("accepted");
  });

  it("leaves threads that were never loaded alone", () => {
    const queryClient = new QueryClient();
    applyLiveEvent(queryClient, { seq: 1, type: "message.created", data: { message } });
    expect(queryClient.getQueryData(chatKeys.thread("c1"))).toBeUndefined();
  });

  it("marks the chat list stale when a message arrives or a chat changes", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.list, { chats: [] });
    applyLiveEvent(queryClient, { seq: 1, type: "chat.updated", data: { chatId: "c1" } });
    expect(queryClient.getQueryState(chatKeys.list)?.isInvalidated).toBe(true);
  });

  it("turns my messages 'Seen' when the other member reads the chat, never back", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.thread("c1"), threadWith([message]));
    const read = (userId: string, readAt: string) =>
      applyLiveEvent(queryClient, { seq: 4, type: "chat.read", data: { chatId: "c1", userId, readAt } });
    read("me", "2026-01-01T10:05:00.000Z");
    const seenAt = () => queryClient.getQueryData<ThreadResponse>(chatKeys.thread("c1"))?.counterpartReadAt;
    expect(seenAt()).toBeNull();
    read("them", "2026-01-01T10:01:00.000Z");
    expect(seenAt()).toBe("2026-01-01T10:01:00.000Z");
    read("them", "2026-01-01T09:00:00.000Z");
    expect(seenAt()).toBe("2026-01-01T10:01:00.000Z");
  });

  it("reads the session and the student's pages again when the administrator's notification arrives", () => {
    const queryClient = new QueryClient();
    const notification: Notification = {
      id: "n9",
      type: "admin",
      text: "Your college was added: your profile now shows Lakeview College, Bhopal.",
      chatId: null,
      itemId: null,
      recruitmentPostId: null,
      fromUserId: null,
      offerPrice: null,
      link: null,
      fromName: null,
      about: null,
      read: false,
      createdAt: "2026-01-01T10:00:00.000Z",
    };
    const keys = [
      meQueryOptions.queryKey,
      profileKeys.all,
      dashboardKeys.all,
      ["settings", "college-request"],
    ];
    for (const key of keys) queryClient.setQueryData(key, {});
    applyLiveEvent(queryClient, {
      seq: 1,
      type: "notification.created",
      data: { notification: { ...notification, type: "message" } },
    });
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    applyLiveEvent(queryClient, { seq: 2, type: "notification.created", data: { notification } });
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it("marks the notification list stale on notification events", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.list, { notifications: [] });
    applyLiveEvent(queryClient, { seq: 1, type: "notification.read", data: { ids: ["n1"] } });
    expect(queryClient.getQueryState(notificationKeys.list)?.isInvalidated).toBe(true);
  });

  it("writes the new badge counts straight into the cache", () => {
    const queryClient = new QueryClient();
    applyLiveEvent(queryClient, { seq: 3, type: "counts", data: { unread: 4, unreadMessages: 2 } });
    expect(queryClient.getQueryData<UnreadCounts>(notificationKeys.counts)).toEqual({
      unread: 4,
      unreadMessages: 2,
    });
  });
});

describe("applyBroadcastFrame", () => {
  it("refreshes the recruitment form's 'Linked event' list when the events change", () => {
    const queryClient = new QueryClient();
    const { queryKey } = upcomingEventsQueryOptions;
    queryClient.setQueryData(queryKey, { events: [] });
    applyBroadcastFrame(queryClient, { type: "recruitment.changed" });
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false);
    applyBroadcastFrame(queryClient, { type: "events.changed" });
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});
