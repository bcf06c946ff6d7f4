import { randomUUID } from "node:crypto";
import { CHAT_MESSAGES, type ChatSummary } from "@shared/api/chats";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countChatRows,
  countMessages,
  newClientId,
  notificationRowsOf,
  openChatRequest,
  openItemChat,
  type Student,
  sendOffer,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { chats, notifications, rateLimits } from "../../db/schema";

let testApp: TestApp;
let buyer: Student;
let seller: Student;
let stranger: Student;
beforeAll(async () => {
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" });
  buyer = await createStudent(testApp, { name: "Aarav Mehta" });
  seller = await createStudent(testApp, { name: "Diya Nair" });
  stranger = await createStudent(testApp, { name: "Kabir Singh" });
});
afterAll(() => testApp.close());

const chatList = async (user: Student): Promise<ChatSummary[]> => {
  const response = await get(testApp, "/api/chats", { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().chats;
};
const thread = (user: Student, chatId: string) =>
  get(testApp, `/api/chats/${chatId}`, { cookie: user.cookie });
const countAllNotifications = async () =>
  (await testApp.database.db.select({ n: count() }).from(notifications))[0]?.n;
const refusal = (code: string, message: string) => ({ error: { code, message } });

describe("signed out", () => {
  it.each([
    ["GET", "/api/chats"],
    ["POST", "/api/chats"],
    ["GET", "/api/chats/CHAT"],
    ["POST", "/api/chats/CHAT/messages"],
    ["POST", "/api/chats/CHAT/read"],
    ["GET", "/api/notifications"],
    ["GET", "/api/notifications/counts"],
    ["POST", "/api/notifications/read-all"],
    ["POST", `/api/notifications/${randomUUID()}/read`],
  ] as const)("%s %s -> 401", async (method, url) => {
    const chat = await openItemChat(testApp, buyer, seller);
    const before = await countMessages(testApp, chat.id);
    const response = await testApp.app.inject({
      method,
      url: url.replace("CHAT", chat.id),
      payload: method === "POST" ? { type: "text", clientId: newClientId(), text: "hi" } : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(await countMessages(testApp, chat.id)).toBe(before);
  });
});

describe("opening a chat about an item", () => {
  it("twice gives the same chat: one chats row, two members, Buying for the buyer", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Drafter set" });
    const first = await openChatRequest(testApp, buyer, seller.id, item.id);
    const second = await openChatRequest(testApp, buyer, seller.id, item.id);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const chat: ChatSummary = first.json().chat;
    expect(second.json().chat.id).toBe(chat.id);
    expect(chat).toMatchObject({
      kind: "item",
      tab: "buying",
      counterpart: { id: seller.id, name: "Diya Nair" },
      itemId: item.id,
      itemName: "Drafter set",
      lastMessage: null,
      lastSenderId: null,
      abilities: { canSend: true, canOffer: true, canRate: false },
    });
    expect(await countChatRows(testApp, chat.id)).toEqual({
      chats: 1,
      members: [buyer.id, seller.id].sort(),
    });
  });

  it("about one's own item -> 400 and no chat", async () => {
    const item = await insertItem(testApp, seller.id);
    const response = await openChatRequest(testApp, seller, seller.id, item.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("invalid_input", CHAT_MESSAGES.ownItem));
    const rows = await testApp.database.db.select().from(chats).where(eq(chats.itemId, item.id));
    expect(rows).toEqual([]);
  });

  it("with a seller id that is not the item's seller -> 400 and no chat", async () => {
    const item = await insertItem(testApp, seller.id);
    const response = await openChatRequest(testApp, buyer, stranger.id, item.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("invalid_input", CHAT_MESSAGES.startFailed));
    const rows = await testApp.database.db.select().from(chats).where(eq(chats.itemId, item.id));
    expect(rows).toEqual([]);
  });

  it("about an unknown item -> 404", async () => {
    const response = await openChatRequest(testApp, buyer, seller.id, randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refusal("not_found", SELL_MESSAGES.notFound));
  });
});

describe("two students exchange texts and offers", () => {
  it("both see the thread in order; the meta follows the last message; tabs follow the seller", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Hero cycle");
    const hello = await sendText(testApp, buyer, chat.id, "  Is the cycle still available?  ");
    expect(hello).toMatchObject({ chatId: chat.id, senderId: buyer.id, type: "text", offerPrice: null });
    expect(hello.text).toBe("Is the cycle still available?");
    await sendText(testApp, seller, chat.id, "Yes, it is.");
    const first = await sendOffer(testApp, buyer, chat.id, 1500);
    // The seller answers an offer with a counter (offers.test.ts has the rest of the deal).
    const countered = await post(
      testApp,
      `/api/chats/${chat.id}/offers/${first.id}/counter`,
      { clientId: newClientId(), offerPrice: 1800 },
      { cookie: seller.cookie },
    );
    expect(countered.statusCode).toBe(201);
    const counter = countered.json().message;
    expect(counter).toMatchObject({ type: "offer", offerPrice: 1800, text: "Countered ₹1,800" });

    for (const viewer of [buyer, seller]) {
      const response = await thread(viewer, chat.id);
      expect(response.statusCode).toBe(200);
      const { messages } = response.json();
      expect(
        messages.map((m: { senderId: string; type: string; text: string; offerPrice: number }) => [
          m.senderId === buyer.id ? "buyer" : "seller",
          m.type,
          m.text,
          m.offerPrice,
        ]),
      ).toEqual([
        ["buyer", "text", "Is the cycle still available?", null],
        ["seller", "text", "Yes, it is.", null],
        ["buyer", "offer", "Offered ₹1,500", 1500],
        ["seller", "offer", "Countered ₹1,800", 1800],
      ]);
    }
    const buyerView = (await chatList(buyer)).find((c) => c.id === chat.id);
    const sellerView = (await chatList(seller)).find((c) => c.id === chat.id);
    expect(buyerView).toMatchObject({ tab: "buying", counterpart: { id: seller.id, name: "Diya Nair" } });
    expect(sellerView).toMatchObject({ tab: "selling", counterpart: { id: buyer.id, name: "Aarav Mehta" } });
    // Both members send in a chat about an item; only the buyer makes offers (the seller counters).
    for (const view of [buyerView])
      expect(view?.abilities).toEqual({ canSend: true, canOffer: true, canRate: false });
    for (const view of [sellerView, (await thread(seller, chat.id)).json().chat])
      expect(view?.abilities).toEqual({ canSend: true, canOffer: false, canRate: false });
    expect(sellerView).toMatchObject({ lastMessage: "Countered ₹1,800", lastSenderId: seller.id });

    await sendText(testApp, buyer, chat.id, "Deal at 1,700?");
    const after = (await chatList(seller)).find((c) => c.id === chat.id);
    expect(after).toMatchObject({ lastMessage: "Deal at 1,700?", lastSenderId: buyer.id });
    expect(Date.parse(after?.updatedAt ?? "")).toBeGreaterThan(Date.parse(sellerView?.updatedAt ?? ""));
  });

  it("GET /api/chats lists the latest updated chat first", async () => {
    const [me, first, second] = await Promise.all(
      ["Meera", "Rohan", "Tara"].map((name) => createStudent(testApp, { name })),
    );
    const older = await openItemChat(testApp, me, first as Student);
    const newer = await openItemChat(testApp, me, second as Student);
    await sendText(testApp, me, older.id, "first");
    await sendText(testApp, me, newer.id, "second");
    expect((await chatList(me)).map((c) => c.id)).toEqual([newer.id, older.id]);
    await sendText(testApp, first as Student, older.id, "reply");
    const list = await chatList(me);
    expect(list.map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(list[0]).toMatchObject({ lastMessage: "reply", lastSenderId: first?.id });
  });
});

describe("only the two members read or write a chat", () => {
  it("a third student cannot read, post or mark read (403), and nothing changes", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    await sendText(testApp, buyer, chat.id, "private");
    const [messagesBefore, notificationsBefore] = [
      await countMessages(testApp, chat.id),
      await countAllNotifications(),
    ];
    const notMember = refusal("forbidden", CHAT_MESSAGES.notMember);

    const read = await thread(stranger, chat.id);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual(notMember);
    const write = await sendRequest(testApp, stranger.cookie, chat.id, {
      type: "text",
      clientId: newClientId(),
      text: "hi",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual(notMember);
    const markRead = await post(testApp, `/api/chats/${chat.id}/read`, undefined, {
      cookie: stranger.cookie,
    });
    expect(markRead.statusCode).toBe(403);

    expect(await countMessages(testApp, chat.id)).toBe(messagesBefore);
    expect(await countAllNotifications()).toBe(notificationsBefore);
    const sellerRows = await notificationRowsOf(testApp, seller.id);
    expect(sellerRows.filter((n) => n.chatId === chat.id).map((n) => n.isRead)).toEqual([false]);
    expect((await chatList(stranger)).map((c) => c.id)).not.toContain(chat.id);
  });

  it("an unknown chat -> 404", async () => {
    const response = await thread(buyer, `${buyer.id}_${seller.id}_${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refusal("not_found", CHAT_MESSAGES.chatNotFound));
  });
});

describe("send validation", () => {
  it("blank text -> 400 and nothing stored", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    const before = await countAllNotifications();
    const response = await sendRequest(testApp, buyer.cookie, chat.id, {
      type: "text",
      clientId: newClientId(),
      text: "   ",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("invalid_input", CHAT_MESSAGES.emptyText));
    expect(await countMessages(testApp, chat.id)).toBe(0);
    expect(await countAllNotifications()).toBe(before);
    expect((await chatList(buyer)).find((c) => c.id === chat.id)?.lastMessage).toBeNull();
  });

  it.each([
    ["0", 0],
    ["-5", -5],
    ["2.5", 2.5],
    ['"100" (a string)', "100"],
    ["missing", undefined],
  ])("offer %s -> 400 and nothing stored", async (_label, offerPrice) => {
    const chat = await openItemChat(testApp, buyer, seller);
    const before = await countAllNotifications();
    const response = await sendRequest(testApp, buyer.cookie, chat.id, {
      type: "offer",
      clientId: newClientId(),
      offerPrice,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("invalid_input", CHAT_MESSAGES.badOffer));
    expect(await countMessages(testApp, chat.id)).toBe(0);
    expect(await countAllNotifications()).toBe(before);
  });
});

describe("the send limit: 120 sends a minute per student", () => {
  it("past it -> 429 with Retry-After, nothing stored; once the window has passed, sends go through", async () => {
    const sender = await createStudent(testApp);
    const recipient = await createStudent(testApp);
    const chat = await openItemChat(testApp, sender, recipient);
    const key = `send:user:${sender.id}`;
    await testApp.database.db.insert(rateLimits).values({ key, windowStart: new Date(), count: 120 });

    const refused = await sendRequest(testApp, sender.cookie, chat.id, {
      type: "text",
      clientId: newClientId(),
      text: "One too many",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(await countMessages(testApp, chat.id)).toBe(0);
    expect(await notificationRowsOf(testApp, recipient.id)).toHaveLength(0);
    expect((await chatList(sender)).find((c) => c.id === chat.id)?.lastMessage).toBeNull();

    await testApp.database.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(rateLimits.key, key));
    await sendText(testApp, sender, chat.id, "A minute later");
    const [counter] = await testApp.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counter?.count).toBe(1);
  });
});

describe("a retried send never makes a second message", () => {
  it("three sends with one clientId: one message, one notification; the retries answer 200 with its id", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    const body = { type: "text", clientId: newClientId(), text: "Can you hold it till Friday?" };
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await sendRequest(testApp, buyer.cookie, chat.id, body));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    const ids = responses.map((r) => r.json().message.id);
    expect(new Set(ids).size).toBe(1);
    expect(await countMessages(testApp, chat.id)).toBe(1);
    const rows = await notificationRowsOf(testApp, seller.id);
    expect(rows.filter((n) => n.chatId === chat.id)).toHaveLength(1);
  });

  it("three concurrent sends with one clientId store one message", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    const body = { type: "offer", clientId: newClientId(), offerPrice: 300 };
    const responses = await Promise.all(
      [1, 2, 3].map(() => sendRequest(testApp, buyer.cookie, chat.id, body)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().message.id)).size).toBe(1);
    expect(await countMessages(testApp, chat.id)).toBe(1);
    expect((await notificationRowsOf(testApp, seller.id)).filter((n) => n.chatId === chat.id)).toHaveLength(
      1,
    );
  });

  it("the same clientId in another chat -> 409 and nothing stored there", async () => {
    const first = await openItemChat(testApp, buyer, seller);
    const second = await openItemChat(testApp, buyer, seller);
    const clientId = newClientId();
    expect(
      (await sendRequest(testApp, buyer.cookie, first.id, { type: "text", clientId, text: "one" }))
        .statusCode,
    ).toBe(201);
    const response = await sendRequest(testApp, buyer.cookie, second.id, {
      type: "text",
      clientId,
      text: "two",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("conflict");
    expect(await countMessages(testApp, second.id)).toBe(0);
  });
});
