import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { PUSH_DEVICES_MAX, PUSH_MESSAGES } from "@shared/push-constants";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { openItemChat, type Student, sendOffer, sendText } from "../../../tests/factories/chats";
import { indiaDateTime, insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { connectLive, listenOnLoopback } from "../../../tests/helpers/live";
import { startPushReceiver } from "../../../tests/helpers/push-receiver";
import { createLocalhostCertificate } from "../../../tests/helpers/push-receiver-tls";
import {
  createTestApp,
  createTestAppOn,
  sessionCookieOf,
  type TestApp,
  waitForMails,
} from "../../../tests/helpers/test-app";
import { appSecrets, notifications, pushSubscriptions, users } from "../../db/schema";
import { countOutbox } from "../../jobs/outbox";
import { runDigests } from "./digest";
import { kindOf, type NotificationType } from "./push.service";
import { forgetVapidKeys } from "./vapid";

let testApp: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  receiver = await startPushReceiver();
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await receiver.close();
});

const inject = (method: "PUT" | "PATCH", url: string, payload: object, cookie?: string) =>
  testApp.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function subscribe(student: Student, name: string) {
  const subscription = receiver.subscription(name);
  const response = await inject("PUT", "/api/push/subscription", subscription, student.cookie);
  expect(response.statusCode, response.body).toBe(204);
  return subscription;
}

/** Waits until every queued push has been handled (sent, skipped or given up). */
async function outboxDrained() {
  const deadline = Date.now() + 10_000;
  while ((await countOutbox(testApp.database.db, "pending")) > 0) {
    if (Date.now() > deadline) throw new Error("the outbox did not empty");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function pushesTo(endpoint: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (receiver.to(endpoint).length < count) {
    if (Date.now() > deadline) throw new Error(`${receiver.to(endpoint).length} of ${count} pushes arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return receiver.to(endpoint);
}

async function subscriptionCount(userId: string) {
  const rows = await testApp.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.length;
}

describe("push kinds", () => {
  it("puts every notification type under exactly the settings kind a student expects", () => {
    const expected: Record<string, string> = {
      message: "pushMessages",
      offer: "pushMessages",
      recruitment_message: "pushMessages",
      team_request: "pushMessages",
      deal: "pushDeals",
      listing: "pushDeals",
      admin: "pushAdmin",
      event_reminder: "pushEvents",
      event_update: "pushEvents",
    };
    const types = notifications.type.enumValues as readonly NotificationType[];
    expect([...types].sort()).toEqual(Object.keys(expected).sort());
    for (const type of types) expect([type, kindOf(type)]).toEqual([type, expected[type]]);
  });
});

describe("the push service's certificate", () => {
  it("is checked: the local push service is trusted through NODE_EXTRA_CA_CERTS alone, another is refused", async () => {
    // No agent or request option trusts it for the tests: the process's CA store does.
    expect(process.env.NODE_EXTRA_CA_CERTS).toBeTruthy();
    expect(https.globalAgent.options.ca).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "untrusted-push-"));
    const untrusted = await startPushReceiver({ certificate: createLocalhostCertificate(dir) });
    try {
      const vapidDetails = { subject: "mailto:push@campusbazaar.test", ...webpush.generateVAPIDKeys() };
      const send = (subscription: ReturnType<typeof receiver.subscription>) =>
        webpush.sendNotification(subscription, JSON.stringify({ title: "Hi" }), { vapidDetails });
      await expect(send(receiver.subscription("trusted-check"))).resolves.toMatchObject({ statusCode: 201 });
      await expect(send(untrusted.subscription("untrusted-check"))).rejects.toMatchObject({
        code: "DEPTH_ZERO_SELF_SIGNED_CERT",
      });
      expect(untrusted.received).toEqual([]);
    } finally {
      await untrusted.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("VAPID keys", () => {
  it("are generated once, kept in the database, and the same after a restart", async () => {
    const student = await createStudent(testApp);
    expect((await get(testApp, "/api/push/key")).statusCode).toBe(401);
    const first = await get(testApp, "/api/push/key", { cookie: student.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const { publicKey } = first.json();
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const rows = await testApp.database.db.select().from(appSecrets);
    expect(rows.find((row) => row.name === "vapid_public_key")?.value).toBe(publicKey);
    expect(rows.find((row) => row.name === "vapid_private_key")?.value).toBeTruthy();
    // A new instance (nothing remembered in memory) reads the same pair.
    forgetVapidKeys(testApp.database.db);
    const again = await get(testApp, "/api/push/key", { cookie: student.cookie });
    expect(again.json().publicKey).toBe(publicKey);
  });
});

describe("push subscriptions", () => {
  it("refuse a push address that is not https, with a clear message", async () => {
    const student = await createStudent(testApp);
    const response = await inject(
      "PUT",
      "/api/push/subscription",
      { endpoint: "http://localhost/push", keys: { p256dh: "x", auth: "y" } },
      student.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("https");
    expect(await subscriptionCount(student.id)).toBe(0);
  });

  it("sends a valid, encrypted Web Push with the title, one line and the link; one topic per chat", async () => {
    const [seller, buyer] = await Promise.all([
      createStudent(testApp, { name: "Meera Iyer" }),
      createStudent(testApp, { name: "Arjun Rao" }),
    ]);
    const subscription = await subscribe(seller, "seller-phone");
    const settings = await get(testApp, "/api/me/notification-settings", { cookie: seller.cookie });
    expect(settings.headers["cache-control"]).toBe("no-store");
    expect(settings.json()).toEqual({
      settings: { pushMessages: true, pushDeals: true, pushAdmin: true, pushEvents: true, emailDigest: true },
      pushDevices: 1,
      pushOnThisDevice: true,
    });
    const chat = await openItemChat(testApp, buyer, seller, "Drafter");
    await sendText(testApp, buyer, chat.id, `Is the drafter still there? ${"very ".repeat(60)}long`);
    const [push] = await pushesTo(subscription.endpoint, 1);
    const { publicKey } = (await get(testApp, "/api/push/key", { cookie: seller.cookie })).json();
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(push?.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(push?.headers.ttl).toBeTruthy();
    expect(push?.payload).toMatchObject({
      title: "Message from Arjun Rao",
      url: `/messages?chatId=${encodeURIComponent(chat.id)}`,
      tag: `chat:${chat.id}`,
    });
    const body = (push?.payload as { body: string } | undefined)?.body ?? "";
    expect(body.length).toBeLessThanOrEqual(100);
    expect(body).toContain("Is the drafter still there?");

    await sendText(testApp, buyer, chat.id, "Hello?");
    const pushes = await pushesTo(subscription.endpoint, 2);
    // Same chat, same topic: the push service keeps only the newest, the phone shows one.
    expect(pushes[1]?.headers.topic).toBe(pushes[0]?.headers.topic);
    expect(pushes[1]?.payload).toMatchObject({ tag: `chat:${chat.id}` });
  });

  it("sends none while a live socket is open, or for a kind turned off", async () => {
    const [seller, buyer] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const subscription = await subscribe(seller, "seller-open-tab");
    const chat = await openItemChat(testApp, buyer, seller, "Cycle");
    const tab = await connectLive(baseUrl, seller.cookie);
    await sendText(testApp, buyer, chat.id, "Hi, is it available?");
    await outboxDrained();
    await tab.close();
    expect(receiver.to(subscription.endpoint)).toHaveLength(0);

    const off = await inject(
      "PATCH",
      "/api/me/notification-settings",
      { pushMessages: false },
      seller.cookie,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().settings).toMatchObject({ pushMessages: false, pushDeals: true });
    await sendText(testApp, buyer, chat.id, "Hello?");
    await outboxDrained();
    expect(receiver.to(subscription.endpoint)).toHaveLength(0);
  });

  it("a deal update goes under 'Deal updates': the rating prompt opens the chat's rating; an offer stays with messages", async () => {
    const [seller, buyer] = await Promise.all([
      createStudent(testApp, { name: "Tara Sen" }),
      createStudent(testApp, { name: "Dev Roy" }),
    ]);
    const subscription = await subscribe(buyer, "buyer-phone");
    const chat = await openItemChat(testApp, buyer, seller, "Ukulele");
    await sendText(testApp, buyer, chat.id, "I'll take it.");
    const sold = await post(
      testApp,
      `/api/items/${chat.itemId}/sold`,
      { buyerId: buyer.id },
      { cookie: seller.cookie },
    );
    expect(sold.statusCode).toBe(200);
    const [push] = await pushesTo(subscription.endpoint, 1);
    expect(push?.payload).toMatchObject({
      title: "Campus Bazaar",
      body: "Rate Tara Sen",
      url: `/messages?chatId=${encodeURIComponent(chat.id)}&rate=1`,
    });

    // With 'Deal updates' off, a deal update sends nothing; an offer to answer still goes. (The
    // buyer's message before the sale has gone out before the seller's device subscribes.)
    await outboxDrained();
    const sellerDevice = await subscribe(seller, "seller-phone-deals");
    const off = await inject("PATCH", "/api/me/notification-settings", { pushDeals: false }, seller.cookie);
    expect(off.statusCode).toBe(200);
    const next = await openItemChat(testApp, buyer, seller, "Harmonium");
    const offer = await sendOffer(testApp, buyer, next.id, 2000);
    await pushesTo(sellerDevice.endpoint, 1);
    const withdrawn = await post(
      testApp,
      `/api/chats/${next.id}/offers/${offer.id}/withdraw`,
      {},
      { cookie: buyer.cookie },
    );
    expect(withdrawn.statusCode).toBe(200);
    await outboxDrained();
    const pushes = receiver.to(sellerDevice.endpoint);
    expect(pushes.map((p) => (p.payload as { title: string }).title)).toEqual(["Offer from Dev Roy"]);
  });

  it("an event reminder reaches the interested student's device and opens that event's card", async () => {
    const student = await createStudent(testApp, { name: "Asha Kulkarni" });
    const subscription = await subscribe(student, "asha-phone");
    // Starts in 23 hours: the 24-hour reminder is due.
    const event = await insertEvent(testApp, {
      college: uniqueCollege(),
      title: "HackDU",
      venue: "Main Auditorium",
      ...indiaDateTime(23 * 60 * 60 * 1000),
    });
    const interested = await inject("PUT", `/api/events/${event.id}/interest`, {}, student.cookie);
    expect(interested.statusCode, interested.body).toBe(200);

    // The reminder job runs as it does on any instance: a pass when the instance starts, its push
    // leaving through that instance's outbox.
    const instance = await createTestAppOn(testApp.database);
    try {
      await instance.app.ready();
      const [push] = await pushesTo(subscription.endpoint, 1);
      expect(push?.payload).toEqual({
        title: "Campus Bazaar",
        body: expect.stringMatching(/^Tomorrow: HackDU at .+, Main Auditorium\.$/),
        url: `/events?event=${event.id}`,
        tag: expect.stringMatching(/^notification:/),
      });
    } finally {
      await instance.stop();
    }
  });

  it("removes a subscription the push service says is gone (410)", async () => {
    const [seller, buyer] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const subscription = await subscribe(seller, "seller-gone");
    receiver.answer(subscription.endpoint, 410);
    const chat = await openItemChat(testApp, buyer, seller, "Calculator");
    await sendText(testApp, buyer, chat.id, "Still selling?");
    await pushesTo(subscription.endpoint, 1);
    await outboxDrained();
    expect(await subscriptionCount(seller.id)).toBe(0);
  });

  it("removes the device's subscription when it signs out, and another's only by its owner", async () => {
    const [seller, buyer] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const subscription = await subscribe(seller, "seller-signs-out");
    // Another student cannot remove it.
    const other = await post(
      testApp,
      "/api/push/subscription/remove",
      { endpoint: subscription.endpoint },
      {
        cookie: buyer.cookie,
      },
    );
    expect(other.statusCode).toBe(204);
    expect(await subscriptionCount(seller.id)).toBe(1);
    const signOut = await post(testApp, "/api/auth/logout", undefined, { cookie: seller.cookie });
    expect(signOut.statusCode).toBe(204);
    expect(await subscriptionCount(seller.id)).toBe(0);
    // Signed in again on that device, Settings shows push off there until the student turns it on.
    const again = await post(testApp, "/api/auth/login", { email: seller.email, password: seller.password });
    expect(again.statusCode).toBe(200);
    const settings = await get(testApp, "/api/me/notification-settings", { cookie: sessionCookieOf(again) });
    expect(settings.json()).toMatchObject({ pushDevices: 0, pushOnThisDevice: false });
    // And nothing is pushed to that device any more.
    const chat = await openItemChat(testApp, buyer, seller, "Lamp");
    await sendText(testApp, buyer, chat.id, "Hi there");
    await outboxDrained();
    expect(receiver.to(subscription.endpoint)).toHaveLength(0);
  });
});

describe("push devices", () => {
  it(`keeps at most ${PUSH_DEVICES_MAX} per student: storing one more drops the one stored longest ago`, async () => {
    const student = await createStudent(testApp);
    const devices = [];
    for (let index = 0; index <= PUSH_DEVICES_MAX; index++)
      devices.push(await subscribe(student, `cap-${index}`));
    const kept = await testApp.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, student.id));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((device) => device.endpoint)
        .sort(),
    );
    const settings = await get(testApp, "/api/me/notification-settings", { cookie: student.cookie });
    expect(settings.json().pushDevices).toBe(PUSH_DEVICES_MAX);
  });

  it("a device's address stays with the account that stored it: another account gets 409, its owner may store it again", async () => {
    const [owner, other] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const device = await subscribe(owner, "owners-phone");
    const taken = await inject(
      "PUT",
      "/api/push/subscription",
      receiver.subscription("owners-phone"),
      other.cookie,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(PUSH_MESSAGES.otherAccount);
    expect(await subscriptionCount(other.id)).toBe(0);
    const [row] = await testApp.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ userId: owner.id, p256dh: device.keys.p256dh });
    // The owner, signed in again on the same browser, keeps the address under the new session.
    const again = await post(testApp, "/api/auth/login", { email: owner.email, password: owner.password });
    const stored = await inject("PUT", "/api/push/subscription", device, sessionCookieOf(again));
    expect(stored.statusCode).toBe(204);
    expect(await subscriptionCount(owner.id)).toBe(1);
  });
});

describe("the unread-messages e-mail", () => {
  const ctxOf = () => ({ db: testApp.database.db, config: testApp.config });

  async function unreadFor(student: Student, from: Student, item: string) {
    await testApp.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(inArray(users.id, [student.id]));
    const chat = await openItemChat(testApp, from, student, item);
    await sendText(testApp, from, chat.id, "Is it still available?");
    await sendText(testApp, from, chat.id, "I can pick it up today.");
    // As if they had waited unread for over half an hour.
    await testApp.database.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(notifications.userId, student.id));
  }

  it("goes once to a student without push, with senders, items, a link and one-click unsubscribe", async () => {
    const [seller, buyer, pushed] = await Promise.all([
      createStudent(testApp, { name: "Riya Das" }),
      createStudent(testApp, { name: "Farhan Ali" }),
      createStudent(testApp),
    ]);
    await subscribe(pushed, "pushed-device");
    await unreadFor(seller, buyer, "Guitar");
    await unreadFor(pushed, buyer, "Kettle");

    expect(await runDigests(ctxOf())).toBeGreaterThanOrEqual(1);
    // At most one in six hours.
    expect(await runDigests(ctxOf())).toBe(0);
    const [mail] = await waitForMails(testApp, seller.email, 1, (sent) => sent.subject.includes("unread"));
    expect(mail?.subject).toBe("You have 2 unread messages on Campus Bazaar");
    expect(mail?.text).toContain("- Farhan Ali about Guitar");
    expect(mail?.text).toContain(`${testApp.config.publicUrl}/messages`);
    const unsubscribe = mail?.headers?.["List-Unsubscribe"]?.replace(/^<|>$/g, "") ?? "";
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The student with a push device gets pushes, not e-mail.
    expect(
      testApp.mail.filter((sent) => sent.to === pushed.email && sent.subject.includes("unread")),
    ).toEqual([]);

    const url = new URL(unsubscribe);
    expect(unsubscribe.startsWith(`${testApp.config.publicUrl}/api/email/unsubscribe?`)).toBe(true);
    const digestOn = async () =>
      (await get(testApp, "/api/me/notification-settings", { cookie: seller.cookie })).json().settings
        .emailDigest;
    // Unknown or forged links get a 404 page, whatever the method.
    for (const bad of [`?user=${seller.id}&token=forged`, "?user=nobody&token=x", ""]) {
      const forgedPost = await post(testApp, `${url.pathname}${bad}`);
      expect(forgedPost.statusCode).toBe(404);
      expect(forgedPost.body).toContain("This unsubscribe link is not valid.");
      const forgedGet = await get(testApp, `${url.pathname}${bad}`);
      expect(forgedGet.statusCode).toBe(404);
    }
    // A GET (a person or a link scanner) shows a button and changes nothing.
    const shown = await get(testApp, `${url.pathname}${url.search}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toContain("text/html");
    expect(shown.body).toContain('<form method="post"');
    expect(shown.body).toContain(">Unsubscribe</button>");
    expect(await digestOn()).toBe(true);
    // The mail client's one-click POST, form-urlencoded (RFC 8058).
    const done = await testApp.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain("You will no longer get e-mails about unread messages.");
    expect(await digestOn()).toBe(false);
    // Multipart works too (and twice is harmless).
    const boundary = "----campus";
    const multipart = await testApp.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await digestOn()).toBe(false);
  });
});

describe("pushes across a restart", () => {
  it("a push queued while the app was down leaves once it is back", async () => {
    const down = await createTestApp({}, { startWorkers: false });
    const [seller, buyer] = await Promise.all([createStudent(down), createStudent(down)]);
    const subscription = receiver.subscription("seller-restart");
    const subscribed = await down.app.inject({
      method: "PUT",
      url: "/api/push/subscription",
      payload: subscription,
      headers: { cookie: seller.cookie },
    });
    expect(subscribed.statusCode).toBe(204);
    const chat = await openItemChat(down, buyer, seller, "Mini fridge");
    await sendText(down, buyer, chat.id, "Can I see it tonight?");
    // Queued with the notification; no worker runs on this instance.
    expect(await countOutbox(down.database.db, "pending")).toBe(1);
    await down.stop();

    const back = await createTestAppOn(down.database);
    try {
      await back.app.ready();
      const deadline = Date.now() + 15_000;
      while (receiver.to(subscription.endpoint).length === 0) {
        if (Date.now() > deadline) throw new Error("the queued push never left");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(receiver.to(subscription.endpoint)[0]?.payload).toMatchObject({ tag: `chat:${chat.id}` });
    } finally {
      await back.close();
    }
  });
});
