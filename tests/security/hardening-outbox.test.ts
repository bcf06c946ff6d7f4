import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PUSH_DEVICES_MAX, PUSH_MESSAGES } from "@shared/push-constants";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, pushSubscriptions, sessions } from "../../server/db/schema";
import { newClientId, openItemChat, type Student, sendText } from "../factories/chats";
import { buildRecruitment } from "../factories/recruitment";
import { createStudent } from "../factories/users";
import { waitForMailFiles } from "../helpers/mail-files";
import { startPushReceiver } from "../helpers/push-receiver";
import { type ServerProcess, signUpOver, startServer } from "../helpers/server-process";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp, waitForMails } from "../helpers/test-app";

/**
 * What one student can make the outbox do to everyone: push devices that accept a connection and
 * never answer, messages that queue pushes to them, and push addresses inside the server's own
 * network. Mail, pushes and ticket copies go in lanes of their own with deadlines; pushes go only
 * to public push services. The stall is shown on the app in process and on a real server process.
 */

const DOOMED_PUSHES = 50;
/** How soon a reset mail queued behind the doomed pushes must leave (it takes well under a second alone). */
const MAIL_WITHIN_MS = 5000;
const SERVER_START_MS = 180_000;

let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A push device that accepts the connection and never answers. */
function hangingDevice(name: string) {
  const device = receiver.subscription(name);
  receiver.answer(device.endpoint, "hang");
  return device;
}

const putSubscription = (testApp: TestApp, student: Student, body: object) =>
  testApp.app.inject({
    method: "PUT",
    url: "/api/push/subscription",
    headers: { cookie: student.cookie },
    payload: body,
  });

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe("push addresses a student may store", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // As in production: no host is exempt from the public-address rule.
    testApp = await createTestApp({ PUSH_ALLOWED_PRIVATE_HOSTS: "", WRITE_RATE_LIMIT_SCALE: "10" });
  });
  afterAll(() => testApp?.close());

  const keys = () => receiver.subscription("keys-only").keys;
  const put = (student: Student, endpoint: string) =>
    putSubscription(testApp, student, { endpoint, keys: keys() });

  it("refuses loopback, private, link-local and unique-local addresses, other ports and names resolving inside, with a clear 400, contacting none", async () => {
    const student = await createStudent(testApp);
    const local = new URL(receiver.subscription("never-contacted").endpoint);
    const refused = [
      // The test suite's own push service, by name and by address: it must hear nothing.
      `https://localhost:${local.port}/push/never-contacted`,
      `https://127.0.0.1:${local.port}/push/never-contacted`,
      "https://127.0.0.1/push/1",
      "https://127.9.9.9/push/1",
      "https://2130706433/push/decimal-loopback",
      "https://0x7f.0.0.1/push/hex-loopback",
      "https://10.0.0.1/push/1",
      "https://10.255.255.254/push/1",
      "https://172.16.0.1/push/1",
      "https://172.31.255.254/push/1",
      "https://192.168.1.1/push/1",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/push/1",
      "https://0.0.0.0/push/1",
      "https://[::1]/push/1",
      "https://[::ffff:127.0.0.1]/push/1",
      "https://[fc00::1]/push/1",
      "https://[fd12:3456:789a::1]/push/1",
      "https://[fe80::1]/push/1",
      // A public push service's name on another port: refused before any name is resolved.
      "https://fcm.googleapis.com:8443/fcm/send/x",
      // Names that resolve to loopback or inside the network.
      "https://localhost/push/1",
      "https://LOCALHOST./push/1",
      `https://${os.hostname()}/push/1`,
      // A name that resolves to nothing at all.
      "https://push.invalid/push/1",
    ];
    for (const endpoint of refused) {
      const response = await put(student, endpoint);
      expect([endpoint, response.statusCode]).toEqual([endpoint, 400]);
      expect(response.json().error.message).toBe(PUSH_MESSAGES.unreachable);
    }
    const stored = await testApp.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, student.id));
    expect(stored).toEqual([]);
    expect(receiver.to(`https://localhost:${local.port}/push/never-contacted`)).toEqual([]);
  });

  it("is checked again at send time: an address that resolves inside now is never connected to", async () => {
    const [target, sender] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const [session] = await testApp.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, target.id));
    if (!session) throw new Error("no session");
    const local = new URL(receiver.subscription("rebound").endpoint);
    // Stored as if the names had resolved to public addresses when the student subscribed (DNS
    // rebinding), or by an older version without the rule.
    const endpoints = [
      "https://localhost/push/rebound",
      `https://localhost:${local.port}/push/rebound`,
      "https://[::1]/push/rebound",
    ];
    for (const endpoint of endpoints) {
      await testApp.database.db
        .insert(pushSubscriptions)
        .values({ userId: target.id, sessionId: session.id, endpoint, ...keys() });
    }
    const chat = await openItemChat(testApp, sender, target, "Table lamp");
    await sendText(testApp, sender, chat.id, "Is it still there?");
    const failedPush = async () => {
      const [row] = await testApp.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, "push"), sql`${outbox.payload} ->> 'userId' = ${target.id}`));
      return row?.lastError ? row : undefined;
    };
    await waitUntil(async () => (await failedPush()) !== undefined, "the refused push attempt");
    const lastError = (await failedPush())?.lastError ?? "";
    expect(lastError).toContain("localhost does not resolve to public addresses only");
    expect(lastError).toContain(`port ${local.port} is not 443`);
    expect(lastError).toContain(":1 is not a public address");
    expect(lastError).not.toMatch(/ECONNREFUSED/);
    expect(receiver.to(`https://localhost:${local.port}/push/rebound`)).toEqual([]);
  });
});

describe("push devices that never answer, in process", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  const put = (student: Student, device: object) => putSubscription(testApp, student, device);

  it("an address another account stored is refused with 409, not moved", async () => {
    const [owner, other] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const device = receiver.subscription("taken-device");
    expect((await put(owner, device)).statusCode).toBe(204);
    // The same address, with the other account's keys or the owner's own.
    for (const body of [{ ...device, keys: receiver.subscription("other-keys").keys }, device]) {
      const taken = await put(other, body);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(PUSH_MESSAGES.otherAccount);
    }
    const [row] = await testApp.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ userId: owner.id, p256dh: device.keys.p256dh, auth: device.keys.auth });
  });

  it(`a reset mail queued after ${DOOMED_PUSHES} pushes to them leaves within ${MAIL_WITHIN_MS / 1000} s, and another student's push too`, async () => {
    const [target, accomplice, bystander, resetter] = await Promise.all([
      createStudent(testApp),
      createStudent(testApp),
      createStudent(testApp),
      createStudent(testApp),
    ]);
    // More devices than a student may keep: the oldest go.
    for (let index = 0; index < PUSH_DEVICES_MAX + 5; index++) {
      expect((await put(target, hangingDevice(`in-process-doomed-${index}`))).statusCode).toBe(204);
    }
    const devices = await testApp.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, target.id));
    expect(devices).toHaveLength(PUSH_DEVICES_MAX);
    const bystanderDevice = receiver.subscription("in-process-bystander");
    expect((await put(bystander, bystanderDevice)).statusCode).toBe(204);

    const chat = await openItemChat(testApp, accomplice, target, "Cycle");
    for (let index = 0; index < DOOMED_PUSHES; index++)
      await sendText(testApp, accomplice, chat.id, `Hi ${index}`);
    const [queued] = await testApp.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "push"),
          isNull(outbox.sentAt),
          sql`${outbox.payload} ->> 'userId' = ${target.id}`,
        ),
      );
    expect(queued?.n).toBeGreaterThanOrEqual(DOOMED_PUSHES - 1);
    await waitUntil(
      () => devices.some((device) => receiver.to(device.endpoint).length > 0),
      "the doomed pushes under way",
    );

    const askedAt = Date.now();
    const asked = await testApp.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: resetter.email },
    });
    expect(asked.statusCode).toBe(202);
    const bystanderChat = await openItemChat(testApp, accomplice, bystander, "Kettle");
    await sendText(testApp, accomplice, bystanderChat.id, "Still available?");
    await waitForMails(testApp, resetter.email, 1, (mail) => mail.subject.includes("Reset"), MAIL_WITHIN_MS);
    const mailAfter = Date.now() - askedAt;
    await waitUntil(
      () => receiver.to(bystanderDevice.endpoint).length === 1,
      "the bystander's push",
      MAIL_WITHIN_MS,
    );
    expect(mailAfter).toBeLessThan(MAIL_WITHIN_MS);
  });
});

describe("push devices that never answer, on a real server process", () => {
  let server: ServerProcess | undefined;
  let dataDir = "";
  afterAll(async () => {
    await server?.terminate();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, url: string, cookie: string, body?: object) =>
    fetch(`${server?.baseUrl}${url}`, {
      method,
      headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it(
    `a reset mail queued after ${DOOMED_PUSHES} doomed pushes leaves within ${MAIL_WITHIN_MS / 1000} s`,
    async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-hardening-outbox-"));
      server = await startServer({
        env: { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, PUSH_ALLOWED_PRIVATE_HOSTS: "localhost" },
      });
      const [target, accomplice, resetter] = [
        await signUpOver(server),
        await signUpOver(server),
        await signUpOver(server),
      ];
      const devices = Array.from({ length: PUSH_DEVICES_MAX + 1 }, (_, index) =>
        hangingDevice(`process-${index}`),
      );
      for (const device of devices) {
        expect((await call("PUT", "/api/push/subscription", target.cookie, device)).status).toBe(204);
      }
      const settings = await (await call("GET", "/api/me/notification-settings", target.cookie)).json();
      expect(settings.pushDevices).toBe(PUSH_DEVICES_MAX);

      const posted = await call("POST", "/api/recruitment-posts", target.cookie, buildRecruitment());
      expect(posted.status).toBe(201);
      const { post } = await posted.json();
      const opened = await call("POST", `/api/recruitment-posts/${post.id}/message`, accomplice.cookie, {});
      expect(opened.status).toBe(200);
      const { chat } = await opened.json();
      for (let index = 0; index < DOOMED_PUSHES; index++) {
        const sent = await call("POST", `/api/chats/${chat.id}/messages`, accomplice.cookie, {
          type: "text",
          clientId: newClientId(),
          text: `Join? ${index}`,
        });
        expect(sent.status).toBe(201);
      }
      await waitUntil(
        () => devices.some((device) => receiver.to(device.endpoint).length > 0),
        "the doomed pushes under way",
      );

      const askedAt = Date.now();
      const asked = await fetch(`${server.baseUrl}/api/auth/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: resetter.email }),
      });
      expect(asked.status).toBe(202);
      // The verification mail of the signup, then the reset link.
      const mails = await waitForMailFiles(dataDir, resetter.email, 2, MAIL_WITHIN_MS);
      expect(Date.now() - askedAt).toBeLessThan(MAIL_WITHIN_MS);
      expect(mails.filter((mail) => /\/reset-password\?token=[\w-]{20,}/.test(mail))).toHaveLength(1);
    },
    SERVER_START_MS,
  );
});
