import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openItemChat, type Student, sendText } from "../../tests/factories/chats";
import { createStudent } from "../../tests/factories/users";
import { connectLive, type LiveClient, listenOnLoopback } from "../../tests/helpers/live";
import { startPushReceiver } from "../../tests/helpers/push-receiver";
import { createTestAppOn, type TestApp } from "../../tests/helpers/test-app";
import { openTwoDatabases } from "../../tests/helpers/test-database";
import { livePresence } from "../db/schema";
import { countOutbox } from "../jobs/outbox";

/** Short, so a tab open for a few beats proves the heartbeat, and a test waits well under a second. */
const HEARTBEAT_MS = 200;
const env = { LIVE_PRESENCE_HEARTBEAT_MS: String(HEARTBEAT_MS) };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two instances on one database, as behind a load balancer. Only A runs the outbox worker, so every
 * push is A's decision, while the students' tabs are connected to B (see openTwoDatabases).
 */
let drop: () => Promise<void> = async () => {};
let instanceA: TestApp;
let instanceB: TestApp;
let baseUrlB: string;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  const databases = await openTwoDatabases(inject("testDatabase"));
  drop = databases.drop;
  instanceA = await createTestAppOn(databases.a, env);
  instanceB = await createTestAppOn(databases.b, env, { startWorkers: false });
  baseUrlB = await listenOnLoopback(instanceB.app);
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await Promise.all(tabs.map((tab) => tab.close()));
  await instanceB?.close();
  await instanceA?.close();
  await drop();
  await receiver?.close();
});

const openTabOnB = async (student: Student) => {
  const tab = await connectLive(baseUrlB, student.cookie);
  tabs.push(tab);
  return tab;
};

const presenceRowsOf = (userId: string) =>
  instanceA.database.db.select().from(livePresence).where(eq(livePresence.userId, userId));

async function until(condition: () => Promise<boolean>, label: string) {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(20);
  }
}

/** Waits until every queued push has been handled (sent or skipped) by instance A's worker. */
const outboxDrained = () =>
  until(async () => (await countOutbox(instanceA.database.db, "pending")) === 0, "the outbox to empty");

async function pushesTo(endpoint: string, count: number) {
  await until(async () => receiver.to(endpoint).length >= count, `${count} push(es) to ${endpoint}`);
  return receiver.to(endpoint);
}

/** A seller with a push device and a buyer in a chat with them, made through instance A. */
async function sellerWithPhone(name: string) {
  const [seller, buyer] = await Promise.all([createStudent(instanceA), createStudent(instanceA)]);
  const subscription = receiver.subscription(name);
  const subscribed = await instanceA.app.inject({
    method: "PUT",
    url: "/api/push/subscription",
    payload: subscription,
    headers: { cookie: seller.cookie },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(204);
  const chat = await openItemChat(instanceA, buyer, seller, "Study lamp");
  return { seller, buyer, chat, endpoint: subscription.endpoint };
}

describe("live presence across instances", () => {
  it("a tab open on instance B stops the push instance A would send; once it closes, A pushes", async () => {
    const { seller, buyer, chat, endpoint } = await sellerWithPhone("presence-open-tab");
    const tab = await openTabOnB(seller);
    // A itself holds no socket of the seller: only the presence table can tell it.
    expect(instanceA.app.hasLiveSocket(seller.id)).toBe(false);
    expect(instanceB.app.hasLiveSocket(seller.id)).toBe(true);

    await sendText(instanceA, buyer, chat.id, "Is the lamp still there?");
    await outboxDrained();
    expect(receiver.to(endpoint)).toHaveLength(0);

    await tab.close();
    await until(async () => (await presenceRowsOf(seller.id)).length === 0, "the closed tab's row to go");
    await sendText(instanceA, buyer, chat.id, "Hello?");
    const [push] = await pushesTo(endpoint, 1);
    expect(push?.payload).toMatchObject({ tag: `chat:${chat.id}` });
  });

  it("the heartbeat keeps a tab open for many beats present, with its count of sockets", async () => {
    const { seller, buyer, chat, endpoint } = await sellerWithPhone("presence-long-tab");
    await openTabOnB(seller);
    await openTabOnB(seller);
    const [written] = await presenceRowsOf(seller.id);
    expect(written?.sockets).toBe(2);
    // Well past the 2.5 beats after which a row no longer counts unless refreshed.
    await sleep(HEARTBEAT_MS * 4);
    const [refreshed] = await presenceRowsOf(seller.id);
    expect(refreshed?.seenAt.getTime()).toBeGreaterThan(written?.seenAt.getTime() ?? 0);

    await sendText(instanceA, buyer, chat.id, "Still selling?");
    await outboxDrained();
    expect(receiver.to(endpoint)).toHaveLength(0);
  });

  it("a row whose instance stopped beating (a crash) stops counting after 2.5 beats", async () => {
    const { seller, buyer, chat, endpoint } = await sellerWithPhone("presence-crashed");
    const crashed = { instanceId: randomUUID(), userId: seller.id, sockets: 1 };
    await instanceA.database.db.insert(livePresence).values(crashed);
    await sendText(instanceA, buyer, chat.id, "Are you there?");
    await outboxDrained();
    // Fresh, it counts: the tab may well be open on that instance.
    expect(receiver.to(endpoint)).toHaveLength(0);

    // Late by 10 beats: stale, though not yet old enough for a heartbeat to delete it (20 beats).
    await instanceA.database.db
      .update(livePresence)
      .set({ seenAt: new Date(Date.now() - HEARTBEAT_MS * 10) })
      .where(eq(livePresence.instanceId, crashed.instanceId));
    await sendText(instanceA, buyer, chat.id, "Hello again");
    const [push] = await pushesTo(endpoint, 1);
    expect(push?.payload).toMatchObject({ tag: `chat:${chat.id}` });
    expect(await presenceRowsOf(seller.id)).toHaveLength(1);

    // A heartbeat on any instance forgets it once it is 20 beats late.
    await instanceA.database.db
      .update(livePresence)
      .set({ seenAt: new Date(Date.now() - HEARTBEAT_MS * 30) })
      .where(eq(livePresence.instanceId, crashed.instanceId));
    await until(async () => (await presenceRowsOf(seller.id)).length === 0, "the dead row to be forgotten");
  });

  it("an instance that stops leaves no presence rows behind", async () => {
    const student = await createStudent(instanceA);
    const tab = await openTabOnB(student);
    expect(await presenceRowsOf(student.id)).toHaveLength(1);
    await instanceB.stop();
    await tab.waitForClose();
    expect(await presenceRowsOf(student.id)).toHaveLength(0);
  });
});
