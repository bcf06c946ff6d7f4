// The pickup code and 'Confirm handover': only the reserved buyer ever reads the code (never the
// seller's answers, live events, notifications or pushes), the right code sells the item to that
// buyer once even under concurrent confirmations, five wrong codes lock it for an hour, and a
// released or lapsed reservation voids it.
import { PICKUP_TEXTS } from "@shared/pickup-constants";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Student } from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { get, post } from "../../../tests/helpers/api";
import { items, liveEvents, notifications, outbox, pickupCodes } from "../../db/schema";
import { runDealDeadlines } from "./deal-deadlines";
import {
  answer,
  buyer,
  dealChat,
  itemRow,
  jobContext,
  madeOffer,
  other,
  refusal,
  seller,
  setUpDealsApp,
  stranger,
  testApp,
} from "./testing/deals-app";

setUpDealsApp();

async function reserved(productName: string, owner: Student = seller) {
  const item = await insertItem(testApp, owner.id, { productName });
  const chatId = await dealChat(buyer, item);
  const made = await madeOffer(buyer, chatId, 400);
  expect((await answer(owner, chatId, made.id, "accept")).statusCode).toBe(200);
  return { item, chatId };
}

const codeOf = (who: Student, itemId: string) =>
  get(testApp, `/api/items/${itemId}/pickup-code`, { cookie: who.cookie });
const handover = (who: Student, itemId: string, code: string) =>
  post(testApp, `/api/items/${itemId}/handover`, { code }, { cookie: who.cookie });

async function buyersCode(itemId: string): Promise<string> {
  const response = await codeOf(buyer, itemId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  const { code } = response.json().pickup;
  expect(code).toMatch(/^[0-9]{4}$/);
  return code;
}

const wrongFor = (code: string) => String((Number(code) + 1) % 10000).padStart(4, "0");

/** The code standing alone in a text: not a part of a longer number, a date, a time or an id. */
const standsIn = (code: string, text: string) =>
  new RegExp(`(?<![0-9A-Za-z:.\\-])${code}(?![0-9A-Za-z:\\-])`).test(text);

/** Everything stored for a user to read: their live events, notifications and queued pushes. */
async function storedFor(userId: string): Promise<string> {
  const db = testApp.database.db;
  const [events, notes, queued] = await Promise.all([
    db.select({ payload: liveEvents.payload }).from(liveEvents).where(eq(liveEvents.userId, userId)),
    db.select().from(notifications).where(eq(notifications.userId, userId)),
    db.select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.payload}->>'userId' = ${userId}`),
  ]);
  return JSON.stringify([events.map((e) => e.payload), notes, queued.map((q) => q.payload)]);
}

const ratePrompts = async (itemId: string) =>
  (
    await testApp.database.db
      .select({ userId: notifications.userId, text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.itemId, itemId), sql`${notifications.text} like 'Rate %'`))
  ).map((row) => `${row.userId === seller.id ? "seller" : "buyer"}: ${row.text}`);

describe("the pickup code", () => {
  it("is the reserved buyer's alone: the seller, another chat's buyer and strangers are refused", async () => {
    const { item } = await reserved("Drafter set");
    await dealChat(other, item);
    const code = await buyersCode(item.id);
    // Asked again, the buyer sees the same code.
    expect(await buyersCode(item.id)).toBe(code);
    for (const who of [seller, other, stranger]) {
      const response = await codeOf(who, item.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal("forbidden", PICKUP_TEXTS.onlyBuyerSees));
    }
  });

  it("never reaches the seller: not in their answers, live events, notifications or pushes", async () => {
    const { item, chatId } = await reserved("Lab coat");
    const code = await buyersCode(item.id);
    // The matcher finds the code where it is (the buyer's answer), so its silence below means something.
    expect(standsIn(code, JSON.stringify((await codeOf(buyer, item.id)).json()))).toBe(true);

    const sellerAnswers = await Promise.all(
      [`/api/chats/${chatId}`, "/api/chats", `/api/items/${item.id}`, "/api/notifications"].map(
        async (url) => (await get(testApp, url, { cookie: seller.cookie })).body,
      ),
    );
    for (const body of sellerAnswers) expect(standsIn(code, body)).toBe(false);
    expect(standsIn(code, await storedFor(seller.id))).toBe(false);
    // Nor in what the buyer gets pushed or notified: it is read only on asking.
    expect(standsIn(code, await storedFor(buyer.id))).toBe(false);

    const sold = await handover(seller, item.id, code);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(standsIn(code, sold.body)).toBe(false);
    expect(standsIn(code, await storedFor(seller.id))).toBe(false);
    expect(standsIn(code, await storedFor(buyer.id))).toBe(false);
  });

  it("the right code sells the item to the reserved buyer in one step, and both are asked to rate", async () => {
    const { item, chatId } = await reserved("Engineering graphics kit");
    const code = await buyersCode(item.id);
    const byBuyer = await handover(buyer, item.id, code);
    expect(byBuyer.json()).toEqual(refusal("forbidden", PICKUP_TEXTS.onlySellerConfirms));

    const response = await handover(seller, item.id, ` ${code.slice(0, 2)} ${code.slice(2)} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json().item).toMatchObject({ id: item.id, isSold: true, isActive: false });
    const row = await itemRow(item.id);
    expect(row).toMatchObject({ isSold: true, buyerId: buyer.id, reservedForId: null });
    expect((await ratePrompts(item.id)).sort()).toEqual([
      "buyer: Rate Kunal Shah",
      "seller: Rate Aarav Mehta",
    ]);
    const buyerThread = await get(testApp, `/api/chats/${chatId}`, { cookie: buyer.cookie });
    const sellerThread = await get(testApp, `/api/chats/${chatId}`, { cookie: seller.cookie });
    expect(buyerThread.json().chat.abilities.canRate).toBe(true);
    expect(sellerThread.json().chat.abilities.canRate).toBe(true);
    // The code is spent with the sale.
    expect(
      await testApp.database.db.select().from(pickupCodes).where(eq(pickupCodes.itemId, item.id)),
    ).toEqual([]);
    expect((await codeOf(buyer, item.id)).statusCode).toBe(403);
  });

  it("refuses a code that is not four digits with a clear message", async () => {
    const { item } = await reserved("Scientific calculator case");
    for (const code of ["12", "12345", "abcd", ""]) {
      const response = await handover(seller, item.id, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(PICKUP_TEXTS.codeFormat);
    }
    expect((await itemRow(item.id))?.isSold).toBe(false);
  });

  it("five wrong codes lock it for an hour, saying until when; the right code waits for the lock", async () => {
    const { item } = await reserved("Arduino kit");
    const code = await buyersCode(item.id);
    const wrong = wrongFor(code);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await handover(seller, item.id, wrong));
    expect(answers.slice(0, 4).map((r) => r.json().error.message)).toEqual([
      PICKUP_TEXTS.wrongCode(4),
      PICKUP_TEXTS.wrongCode(3),
      PICKUP_TEXTS.wrongCode(2),
      PICKUP_TEXTS.wrongCode(1),
    ]);
    const [locked] = await testApp.database.db
      .select()
      .from(pickupCodes)
      .where(eq(pickupCodes.itemId, item.id));
    expect(locked?.lockedUntil).toBeTruthy();
    const until = locked?.lockedUntil as Date;
    const minutes = (until.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(answers[4]?.statusCode).toBe(429);
    expect(answers[4]?.json()).toEqual(refusal("rate_limited", PICKUP_TEXTS.locked(until)));
    expect(PICKUP_TEXTS.locked(until)).toMatch(/locked until \d{1,2}:\d{2} (am|pm)/);

    // Locked, even the right code is refused, and the item stays reserved.
    const right = await handover(seller, item.id, code);
    expect(right.json()).toEqual(refusal("rate_limited", PICKUP_TEXTS.locked(until)));
    expect((await itemRow(item.id))?.isSold).toBe(false);

    // An hour later it opens again, with five fresh tries.
    await testApp.database.db
      .update(pickupCodes)
      .set({ lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(pickupCodes.itemId, item.id));
    expect((await handover(seller, item.id, wrong)).json().error.message).toBe(PICKUP_TEXTS.wrongCode(4));
    expect((await handover(seller, item.id, code)).statusCode).toBe(200);
  });

  it("records the sale once under concurrent confirmations", async () => {
    const { item } = await reserved("Hostel mattress");
    const code = await buyersCode(item.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => handover(seller, item.id, code)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json()).toEqual(refusal("conflict", "This item is already sold."));
    expect((await ratePrompts(item.id)).sort()).toEqual([
      "buyer: Rate Kunal Shah",
      "seller: Rate Aarav Mehta",
    ]);
    expect(await itemRow(item.id)).toMatchObject({ isSold: true, buyerId: buyer.id });
  });

  it("releasing the reservation voids the code; a new reservation brings a new one", async () => {
    const { item, chatId } = await reserved("Table fan");
    const code = await buyersCode(item.id);
    const released = await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: seller.cookie });
    expect(released.statusCode).toBe(200);
    expect(
      await testApp.database.db.select().from(pickupCodes).where(eq(pickupCodes.itemId, item.id)),
    ).toEqual([]);
    expect((await codeOf(buyer, item.id)).statusCode).toBe(403);
    const afterRelease = await handover(seller, item.id, code);
    expect(afterRelease.json()).toEqual(refusal("conflict", PICKUP_TEXTS.notReserved));
    expect((await itemRow(item.id))?.isSold).toBe(false);

    const again = await madeOffer(buyer, chatId, 420);
    expect((await answer(seller, chatId, again.id, "accept")).statusCode).toBe(200);
    const [row] = await testApp.database.db.select().from(pickupCodes).where(eq(pickupCodes.itemId, item.id));
    expect(row).toMatchObject({ buyerId: buyer.id, failedAttempts: 0 });
    expect(await buyersCode(item.id)).toBe(row?.code);
  });

  it("a lapsed reservation voids the code too, and 'Mark as Sold' spends it", async () => {
    const { item } = await reserved("Mini fridge");
    await buyersCode(item.id);
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(items.id, item.id));
    // Past its time the code is no longer shown, even before the job runs.
    expect((await codeOf(buyer, item.id)).statusCode).toBe(403);
    await runDealDeadlines(jobContext());
    expect(
      await testApp.database.db.select().from(pickupCodes).where(eq(pickupCodes.itemId, item.id)),
    ).toEqual([]);

    const { item: sold } = await reserved("Desk organiser");
    await buyersCode(sold.id);
    const marked = await post(
      testApp,
      `/api/items/${sold.id}/sold`,
      { buyerId: null },
      { cookie: seller.cookie },
    );
    expect(marked.statusCode).toBe(200);
    expect(
      await testApp.database.db.select().from(pickupCodes).where(eq(pickupCodes.itemId, sold.id)),
    ).toEqual([]);
  });

  it("limits the codes a seller may try, across items", async () => {
    const item = await insertItem(testApp, other.id, { productName: "Unreserved kettle" });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await handover(other, item.id, "1234")).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 409)).toBe(true);
    const limited = await handover(other, item.id, "1234");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many pickup codes tried\./);
  });
});
