import { CLOSE_SESSION_ENDED, LIVE_REPLAY_LIMIT } from "@shared/live-constants";
import { type LiveFrame, SocketFrameSchema } from "@shared/live-events";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openItemChat, type Student, sendOffer, sendText } from "../../tests/factories/chats";
import { createStudent, STRONG_PASSWORD } from "../../tests/factories/users";
import { get, post, signIn } from "../../tests/helpers/api";
import {
  connectLive,
  type LiveClient,
  listenOnLoopback,
  refusedUpgrade,
  settle,
  TEST_ORIGIN,
} from "../../tests/helpers/live";
import { createTestApp, resetTokenFromMail, type TestApp } from "../../tests/helpers/test-app";
import { liveEvents } from "../db/schema";
import { pruneLiveEvents } from "./live-events";

let testApp: TestApp;
let baseUrl: string;
const openSockets: LiveClient[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(async () => {
  await Promise.all(openSockets.map((socket) => socket.close()));
  await testApp?.close();
});

async function connect(cookie: string, options: { after?: number } = {}): Promise<LiveClient> {
  const client = await connectLive(baseUrl, cookie, options);
  openSockets.push(client);
  return client;
}

/** A buyer and a seller with a chat about an item. */
async function pair() {
  const buyer = await createStudent(testApp, { name: "Aarav Mehta" });
  const seller = await createStudent(testApp, { name: "Diya Nair" });
  const chat = await openItemChat(testApp, buyer, seller, "Study lamp");
  return { buyer, seller, chat };
}

const afterHello = (client: LiveClient) => client.frames.slice(1);
const isMessage = (text: string) => (frame: LiveFrame) =>
  frame.type === "message.created" && frame.data.message.text === text;

describe("who may open the live socket", () => {
  it("without a session cookie -> the upgrade is refused with 401", async () => {
    expect(await refusedUpgrade(baseUrl, { origin: TEST_ORIGIN })).toBe(401);
    expect(await refusedUpgrade(baseUrl, { origin: TEST_ORIGIN, cookie: "cb_session=forged" })).toBe(401);
  });

  it("from a foreign Origin -> the upgrade is refused with 403", async () => {
    const student = await createStudent(testApp);
    const headers = { origin: "https://evil.example", cookie: student.cookie };
    expect(await refusedUpgrade(baseUrl, headers)).toBe(403);
  });

  it("with the cookie and our Origin -> hello with the user's current seq", async () => {
    const student = await createStudent(testApp);
    const client = await connect(student.cookie);
    expect(client.first).toEqual({ type: "hello", seq: 0 });
  });
});

describe("delivery of a send", () => {
  it("the recipient gets message, chat, notification and counts frames in seq order; the sender the message", async () => {
    const { buyer, seller, chat } = await pair();
    const stranger = await createStudent(testApp);
    const [buyerSocket, sellerSocket, strangerSocket] = await Promise.all(
      [buyer, seller, stranger].map((user) => connect(user.cookie)),
    );
    const start = sellerSocket.first.seq;

    const message = await sendText(testApp, buyer, chat.id, "Does the lamp have a warm mode?");
    await sellerSocket.waitUntil((frames) => frames.length >= 5, "four event frames");
    const frames = afterHello(sellerSocket);
    expect(frames.map((f) => [f.type, f.seq])).toEqual([
      ["message.created", start + 1],
      ["chat.updated", start + 2],
      ["notification.created", start + 3],
      ["counts", start + 4],
    ]);
    expect(frames[0]).toMatchObject({ data: { message: { id: message.id, chatId: chat.id } } });
    expect(frames[1]).toMatchObject({ data: { chatId: chat.id } });
    expect(frames[2]).toMatchObject({
      data: { notification: { type: "message", chatId: chat.id, fromUserId: buyer.id, read: false } },
    });
    expect(frames[3]).toMatchObject({ data: { unread: 1, unreadMessages: 1 } });
    // The frames carry exactly what the API answers for the same message and notification.
    expect(frames[0]).toMatchObject({ data: { message } });
    const listed = (await get(testApp, "/api/notifications", { cookie: seller.cookie })).json();
    expect(frames[2]).toEqual({
      seq: start + 3,
      type: "notification.created",
      data: { notification: listed.notifications[0] },
    });

    const own = await buyerSocket.waitFor(isMessage(message.text), "the sender's own message");
    expect(own).toMatchObject({ seq: buyerSocket.first.seq + 1, data: { message: { id: message.id } } });
    await buyerSocket.waitFor((f) => f.type === "chat.updated", "chat.updated for the sender");

    await sendOffer(testApp, buyer, chat.id, 700);
    const offer = await sellerSocket.waitFor(
      (f) => f.type === "notification.created" && f.data.notification.type === "offer",
      "the offer notification",
    );
    expect(offer).toMatchObject({
      data: { notification: { offerPrice: 700, text: "Aarav Mehta offered ₹700 for Study lamp" } },
    });
    await sellerSocket.waitFor(
      (f) => f.type === "counts" && f.data.unread === 2 && f.data.unreadMessages === 1,
      "counts {unread: 2, unreadMessages: 1}",
    );

    await settle();
    expect(strangerSocket.frames).toEqual([strangerSocket.first]);
    const seqs = sellerSocket.frames.map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => start + i));
    // Every frame is what the live events' schema allows, field for field: nothing the browser
    // would drop, and nothing more than it reads.
    for (const frame of [...sellerSocket.frames, ...buyerSocket.frames])
      expect(SocketFrameSchema.parse(frame)).toEqual(frame);
  });

  it("concurrent sends to one recipient in two chats: each event once, numbers without a gap", async () => {
    const recipient = await createStudent(testApp);
    const [first, second] = [await createStudent(testApp), await createStudent(testApp)];
    const chats = [
      await openItemChat(testApp, first, recipient),
      await openItemChat(testApp, second, recipient),
    ];
    const socket = await connect(recipient.cookie);
    const start = socket.first.seq;
    const texts = Array.from({ length: 20 }, (_, i) => `Concurrent ${i}`);
    await Promise.all(
      texts.map((text, i) => sendText(testApp, i % 2 === 0 ? first : second, chats[i % 2]?.id ?? "", text)),
    );
    // Each send gives the recipient four events: message, chat, notification, counts.
    await socket.waitUntil((frames) => frames.length >= 1 + 4 * texts.length, "eighty event frames");
    await settle();
    const frames = afterHello(socket);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => start + 1 + i));
    const received = frames.flatMap((f) => (f.type === "message.created" ? [f.data.message.text] : []));
    expect(received.sort()).toEqual([...texts].sort());
    expect(frames.filter((f) => f.type === "notification.created")).toHaveLength(texts.length);
    // Sends that overlap still count each other: the counts frames go 1, 2, ... in event order.
    const unread = frames.flatMap((f) => (f.type === "counts" ? [f.data.unread] : []));
    expect(unread).toEqual(texts.map((_, i) => i + 1));
  });

  it("opening the chat sends notification.read and counts back to zero", async () => {
    const { buyer, seller, chat } = await pair();
    await sendText(testApp, buyer, chat.id, "ping");
    const socket = await connect(seller.cookie);
    await post(testApp, `/api/chats/${chat.id}/read`, undefined, { cookie: seller.cookie });
    await socket.waitFor((f) => f.type === "notification.read", "notification.read");
    await socket.waitFor(
      (f) => f.type === "counts" && f.data.unread === 0 && f.data.unreadMessages === 0,
      "counts back to zero",
    );
  });
});

describe("catching up after being offline", () => {
  it("100 messages missed -> exactly those, in order, after reconnecting with ?after", async () => {
    const { buyer, seller, chat } = await pair();
    const first = await connect(seller.cookie);
    const seen = first.first.seq;
    await first.close();

    const texts = Array.from({ length: 100 }, (_, i) => `m${i + 1}`);
    for (const text of texts) await sendText(testApp, buyer, chat.id, text);

    const again = await connect(seller.cookie, { after: seen });
    expect(again.first).toEqual({ type: "hello", seq: seen + 400 });
    await again.waitUntil((frames) => frames.length >= 401, "400 replayed frames", 10_000);
    await settle();
    const replayed = afterHello(again);
    expect(replayed.map((f) => f.seq)).toEqual(Array.from({ length: 400 }, (_, i) => seen + i + 1));
    const messages = replayed.filter((f) => f.type === "message.created");
    expect(messages.map((f) => (f.type === "message.created" ? f.data.message.text : ""))).toEqual(texts);
    const byType = (type: string) => replayed.filter((f) => f.type === type).length;
    expect([byType("chat.updated"), byType("notification.created"), byType("counts")]).toEqual([
      100, 100, 100,
    ]);
    expect(replayed.at(-1)).toMatchObject({ type: "counts", data: { unread: 100, unreadMessages: 100 } });

    await sendText(testApp, buyer, chat.id, "m101");
    const live = await again.waitFor(isMessage("m101"), "the next live message");
    expect(live.seq).toBe(seen + 401);
  }, 90_000);

  it(`more than LIVE_REPLAY_LIMIT (${LIVE_REPLAY_LIMIT}) events missed -> a resync frame, no replay`, async () => {
    const recipient = await createStudent(testApp, { name: "Ira Kapoor" });
    const socket = await connect(recipient.cookie);
    const seen = socket.first.seq;
    await socket.close();

    // Four events per message for the recipient; each sender stays under the send rate limit.
    const needed = Math.floor(LIVE_REPLAY_LIMIT / 4) + 5;
    const perSender = 100;
    const senders: { sender: Student; chatId: string; count: number }[] = [];
    for (let left = needed; left > 0; left -= perSender) {
      const sender = await createStudent(testApp);
      const chat = await openItemChat(testApp, sender, recipient);
      senders.push({ sender, chatId: chat.id, count: Math.min(perSender, left) });
    }
    for (const { sender, chatId, count } of senders)
      for (let i = 0; i < count; i++) await sendText(testApp, sender, chatId, `r${i}`);

    const again = await connect(recipient.cookie, { after: seen });
    expect(again.first).toEqual({ type: "resync", seq: seen + needed * 4 });
    await settle();
    expect(again.frames).toEqual([again.first]);
    const last = senders[0] as (typeof senders)[number];
    await sendText(testApp, last.sender, last.chatId, "after resync");
    const next = await again.waitFor(isMessage("after resync"), "the first event after resync");
    expect(next.seq).toBe(again.first.seq + 1);
  }, 120_000);
});

describe("resuming after the missed events were pruned", () => {
  let resumed: LiveClient;
  let missedUpTo: number;
  it("setup: three messages missed, then their events are pruned as a week old", async () => {
    const { buyer, seller, chat } = await pair();
    const first = await connect(seller.cookie);
    await first.close();
    for (const text of ["p1", "p2", "p3"]) await sendText(testApp, buyer, chat.id, text);
    await testApp.database.db
      .update(liveEvents)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(liveEvents.userId, seller.id));
    await pruneLiveEvents(testApp.database.db);
    expect(
      await testApp.database.db.select().from(liveEvents).where(eq(liveEvents.userId, seller.id)),
    ).toEqual([]);
    missedUpTo = first.first.seq + 12;
    resumed = await connect(seller.cookie, { after: first.first.seq });
    await settle();
    expect(resumed.first.seq).toBe(missedUpTo);
  });

  it("the client is told to resync instead of a hello that skips what it missed", () => {
    const replayed = resumed.frames.filter((f) => f.type === "message.created").length;
    expect(resumed.first.type === "resync" || replayed === 3).toBe(true);
  });
});

describe("the socket ends with the session", () => {
  it("logout closes that session's socket with 4001; another session's socket stays open", async () => {
    const student = await createStudent(testApp);
    const otherCookie = await signIn(testApp, student.email, STRONG_PASSWORD);
    const [ending, staying] = await Promise.all([connect(student.cookie), connect(otherCookie)]);
    const response = await post(testApp, "/api/auth/logout", undefined, { cookie: student.cookie });
    expect(response.statusCode).toBe(204);
    expect(await ending.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    await settle();
    expect(staying.socket.readyState).toBe(staying.socket.OPEN);
  });

  it("a password reset closes every socket of that user, and only theirs", async () => {
    const student = await createStudent(testApp);
    const bystander = await createStudent(testApp);
    const otherCookie = await signIn(testApp, student.email, STRONG_PASSWORD);
    const sockets = await Promise.all([connect(student.cookie), connect(otherCookie)]);
    const unaffected = await connect(bystander.cookie);

    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    const reset = await post(testApp, "/api/auth/reset-password", { token, password: "Fresh#Start2025" });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(sockets.map((socket) => socket.waitForClose()))).toEqual([
      CLOSE_SESSION_ENDED,
      CLOSE_SESSION_ENDED,
    ]);
    await settle();
    expect(unaffected.socket.readyState).toBe(unaffected.socket.OPEN);
  });
});
