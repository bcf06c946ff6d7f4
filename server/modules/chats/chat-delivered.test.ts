import type { ThreadResponse } from "@shared/api/chats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openItemChat, type Student, sendText } from "../../../tests/factories/chats";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { connectLive, listenOnLoopback } from "../../../tests/helpers/live";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
let baseUrl: string;
let buyer: Student;
let seller: Student;
let stranger: Student;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
  [buyer, seller, stranger] = await Promise.all([
    createStudent(testApp, { name: "Kunal Verma" }),
    createStudent(testApp, { name: "Meera Pillai" }),
    createStudent(testApp, { name: "Kabir Singh" }),
  ]);
});
afterAll(() => testApp.close());

const thread = async (user: Student, chatId: string): Promise<ThreadResponse> => {
  const response = await get(testApp, `/api/chats/${chatId}`, { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const delivered = (user: Student | null, chatId: string) =>
  post(testApp, `/api/chats/${chatId}/delivered`, undefined, user ? { cookie: user.cookie } : {});

describe("delivered ticks", () => {
  it("one tick until the other member's device receives the chat, two once it fetches the thread, seen after", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Desk lamp");
    const sent = await sendText(testApp, buyer, chat.id, "Is it still there?");
    let mine = await thread(buyer, chat.id);
    expect(mine.counterpartDeliveredAt).toBeNull();
    expect(mine.counterpartReadAt).toBeNull();

    // The seller's device fetches the thread (without opening it as read).
    await thread(seller, chat.id);
    mine = await thread(buyer, chat.id);
    expect(Date.parse(mine.counterpartDeliveredAt ?? "")).toBeGreaterThanOrEqual(Date.parse(sent.createdAt));
    expect(mine.counterpartReadAt).toBeNull();

    // Reading implies receiving: a later message read at once is delivered too.
    const later = await sendText(testApp, buyer, chat.id, "I can come at 5.");
    expect(
      (await post(testApp, `/api/chats/${chat.id}/read`, undefined, { cookie: seller.cookie })).statusCode,
    ).toBe(204);
    mine = await thread(buyer, chat.id);
    expect(Date.parse(mine.counterpartReadAt ?? "")).toBeGreaterThanOrEqual(Date.parse(later.createdAt));
    expect(Date.parse(mine.counterpartDeliveredAt ?? "")).toBeGreaterThanOrEqual(Date.parse(later.createdAt));
  });

  it("a device acknowledging a live message tells the sender live, with no-store; strangers are refused", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Kettle");
    const live = await connectLive(baseUrl, buyer.cookie);
    try {
      const sent = await sendText(testApp, buyer, chat.id, "Still available?");
      expect((await delivered(null, chat.id)).statusCode).toBe(401);
      const refused = await delivered(stranger, chat.id);
      expect(refused.statusCode).toBe(403);
      expect((await thread(buyer, chat.id)).counterpartDeliveredAt).toBeNull();

      const acknowledged = await delivered(seller, chat.id);
      expect(acknowledged.statusCode).toBe(204);
      expect(acknowledged.headers["cache-control"]).toBe("no-store");
      const frame = await live.waitFor(
        (candidate) =>
          candidate.type === "chat.delivered" &&
          (candidate.data as { chatId: string; userId: string }).chatId === chat.id &&
          (candidate.data as { chatId: string; userId: string }).userId === seller.id,
        "the sender learns the message was delivered",
      );
      expect(frame).toMatchObject({ data: { chatId: chat.id, userId: seller.id } });
      const deliveredAt = (frame as { data: { deliveredAt: string } }).data.deliveredAt;
      expect(Date.parse(deliveredAt)).toBeGreaterThanOrEqual(Date.parse(sent.createdAt));
      // Nothing new: no second event.
      expect((await delivered(seller, chat.id)).statusCode).toBe(204);
      expect((await thread(buyer, chat.id)).counterpartDeliveredAt).toBe(deliveredAt);
    } finally {
      await live.close();
    }
  });

  it("an unknown chat is not found", async () => {
    expect((await delivered(seller, "no-such-chat")).statusCode).toBe(404);
  });
});
