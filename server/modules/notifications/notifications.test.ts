import type { Notification } from "@shared/api/chats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openItemChat, type Student, sendOffer, sendText } from "../../../tests/factories/chats";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
let stranger: Student;
beforeAll(async () => {
  testApp = await createTestApp();
  stranger = await createStudent(testApp, { name: "Kabir Singh" });
});
afterAll(() => testApp.close());

const notificationsOf = async (user: Student): Promise<Notification[]> => {
  const response = await get(testApp, "/api/notifications", { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().notifications;
};
const countsOf = async (user: Student) => {
  const response = await get(testApp, "/api/notifications/counts", { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("notifications", () => {
  it("the recipient gets one per message (message or offer); counts, read, read-all", async () => {
    const [me, other] = await Promise.all([
      createStudent(testApp, { name: "Neha Gupta" }),
      createStudent(testApp),
    ]);
    const chat = await openItemChat(testApp, other, me, "Lab coat");
    await sendText(testApp, other, chat.id, "Hi, size M?");
    await sendOffer(testApp, other, chat.id, 250);
    expect(await notificationsOf(other)).toEqual([]);

    const list = await notificationsOf(me);
    expect(list).toMatchObject([
      { type: "offer", offerPrice: 250, chatId: chat.id, fromUserId: other.id, read: false },
      { type: "message", offerPrice: null, chatId: chat.id, fromUserId: other.id, read: false },
    ]);
    expect(list[0]?.text).toBe(`${other.name} offered ₹250 for Lab coat`);
    expect(list[1]?.text).toContain("Hi, size M?");
    expect(await countsOf(me)).toEqual({ unread: 2, unreadMessages: 1 });

    const one = await post(testApp, `/api/notifications/${list[1]?.id}/read`, undefined, {
      cookie: me.cookie,
    });
    expect(one.statusCode).toBe(204);
    expect(await countsOf(me)).toEqual({ unread: 1, unreadMessages: 0 });
    expect((await notificationsOf(me)).map((n) => n.read)).toEqual([false, true]);

    await sendText(testApp, other, chat.id, "Also, the goggles?");
    expect(await countsOf(me)).toEqual({ unread: 2, unreadMessages: 1 });
    const all = await post(testApp, "/api/notifications/read-all", undefined, { cookie: me.cookie });
    expect(all.statusCode).toBe(204);
    expect(await countsOf(me)).toEqual({ unread: 0, unreadMessages: 0 });
    expect((await notificationsOf(me)).every((n) => n.read)).toBe(true);
  });

  it("POST /api/chats/:id/read marks only that chat's notifications", async () => {
    const [me, first, second] = await Promise.all([
      createStudent(testApp),
      createStudent(testApp),
      createStudent(testApp),
    ]);
    const opened = await openItemChat(testApp, first, me);
    const untouched = await openItemChat(testApp, second, me);
    await sendText(testApp, first, opened.id, "a");
    await sendOffer(testApp, first, opened.id, 99);
    await sendText(testApp, second, untouched.id, "b");
    expect(await countsOf(me)).toEqual({ unread: 3, unreadMessages: 2 });

    const response = await post(testApp, `/api/chats/${opened.id}/read`, undefined, { cookie: me.cookie });
    expect(response.statusCode).toBe(204);
    const rows = await notificationsOf(me);
    expect(rows.filter((n) => n.chatId === opened.id).map((n) => n.read)).toEqual([true, true]);
    expect(rows.filter((n) => n.chatId === untouched.id).map((n) => n.read)).toEqual([false]);
    expect(await countsOf(me)).toEqual({ unread: 1, unreadMessages: 1 });
  });

  it("a student cannot mark someone else's notification read", async () => {
    const [me, other] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const chat = await openItemChat(testApp, other, me);
    await sendText(testApp, other, chat.id, "hello");
    const [mine] = await notificationsOf(me);
    const response = await post(testApp, `/api/notifications/${mine?.id}/read`, undefined, {
      cookie: stranger.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect((await notificationsOf(me)).map((n) => n.read)).toEqual([false]);
    expect(await countsOf(me)).toEqual({ unread: 1, unreadMessages: 1 });
  });
});
