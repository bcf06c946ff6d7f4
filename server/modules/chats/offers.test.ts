import type { Message, ThreadResponse } from "@shared/api/chats";
import { DEAL_MESSAGES } from "@shared/deals-constants";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newClientId,
  openChatRequest,
  type Student,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { items, messages, notifications, offers } from "../../db/schema";
import { runDealDeadlines } from "../../jobs/deal-deadlines";

let testApp: TestApp;
let buyer: Student;
let seller: Student;
let other: Student;
let stranger: Student;
beforeAll(async () => {
  // Many deal actions within a minute: the deal-action limit has its own flood test.
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" });
  [buyer, seller, other, stranger] = await Promise.all([
    createStudent(testApp, { name: "Aarav Mehta" }),
    createStudent(testApp, { name: "Kunal Shah" }),
    createStudent(testApp, { name: "Riya Das" }),
    createStudent(testApp, { name: "Kabir Singh" }),
  ]);
});
afterAll(() => testApp.close());

/** The job's context: the test app's database; live events are stored, the bus is not needed. */
const jobContext = () => ({
  db: testApp.database.db,
  bus: { publish: async () => {} } as never,
  log: testApp.app.log,
});

async function dealChat(who: Student, item: { id: string; sellerId: string }) {
  const response = await openChatRequest(testApp, who, item.sellerId, item.id);
  expect(response.statusCode).toBe(200);
  return response.json().chat.id as string;
}

async function offer(who: Student, chatId: string, offerPrice: number) {
  return sendRequest(testApp, who.cookie, chatId, { type: "offer", clientId: newClientId(), offerPrice });
}

async function madeOffer(who: Student, chatId: string, offerPrice: number): Promise<Message> {
  const response = await offer(who, chatId, offerPrice);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message;
}

const answer = (who: Student, chatId: string, offerId: string, action: string) =>
  post(testApp, `/api/chats/${chatId}/offers/${offerId}/${action}`, {}, { cookie: who.cookie });
const counter = (who: Student, chatId: string, offerId: string, offerPrice: number) =>
  post(
    testApp,
    `/api/chats/${chatId}/offers/${offerId}/counter`,
    { clientId: newClientId(), offerPrice },
    { cookie: who.cookie },
  );
const thread = async (who: Student, chatId: string): Promise<ThreadResponse> =>
  (await get(testApp, `/api/chats/${chatId}`, { cookie: who.cookie })).json();
const statusOf = async (offerId: string) =>
  (await testApp.database.db.select().from(offers).where(eq(offers.id, offerId)))[0]?.status;
const itemRow = async (id: string) =>
  (await testApp.database.db.select().from(items).where(eq(items.id, id)))[0];
const noticesOf = async (userId: string) =>
  (await testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.text,
  );
const refusal = (code: string, message: string) => ({ error: { code, message } });

describe("offers", () => {
  it("a buyer's offer is pending for 48 hours on both sides, and the seller is notified", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Realme Buds Air 5" });
    const chatId = await dealChat(buyer, item);
    const message = await madeOffer(buyer, chatId, 400);
    expect(message.offer).toMatchObject({ status: "pending", isCounter: false });
    const hours = (Date.parse(message.offer?.expiresAt ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    for (const who of [buyer, seller]) {
      const seen = (await thread(who, chatId)).messages.find((m) => m.id === message.id);
      expect(seen?.offer?.status).toBe("pending");
    }
    expect(await noticesOf(seller.id)).toContain("Aarav Mehta offered ₹400 for Realme Buds Air 5");
  });

  it("a new offer from the buyer replaces their pending one", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const first = await madeOffer(buyer, chatId, 300);
    const second = await madeOffer(buyer, chatId, 350);
    expect(await statusOf(first.id)).toBe("replaced");
    expect(await statusOf(second.id)).toBe("pending");
  });

  it("a retried offer with the same clientId stores one", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const body = { type: "offer", clientId: newClientId(), offerPrice: 200 };
    const [a, b] = [
      await sendRequest(testApp, buyer.cookie, chatId, body),
      await sendRequest(testApp, buyer.cookie, chatId, body),
    ];
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json().message.id).toBe(a.json().message.id);
  });

  it("the seller cannot make an offer, only counter", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const response = await offer(seller, chatId, 500);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal("forbidden", DEAL_MESSAGES.onlyBuyerOffers));
  });

  it("refuses offers on a fixed-price item, and says 'Fixed price' through its abilities", async () => {
    const item = await insertItem(testApp, seller.id, { isNegotiable: false });
    const chatId = await dealChat(buyer, item);
    const response = await offer(buyer, chatId, 500);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refusal("conflict", DEAL_MESSAGES.notNegotiable));
    const detail = (await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie })).json();
    expect(detail.item).toMatchObject({
      isNegotiable: false,
      abilities: { canOffer: false, canContact: true },
    });
    expect((await thread(buyer, chatId)).chat.abilities).toMatchObject({ canSend: true, canOffer: false });
  });

  it("a stranger cannot accept, the buyer cannot accept their own offer; nothing changes", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const made = await madeOffer(buyer, chatId, 450);
    const byStranger = await answer(stranger, chatId, made.id, "accept");
    expect(byStranger.statusCode).toBe(403);
    const own = await answer(buyer, chatId, made.id, "accept");
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(refusal("forbidden", DEAL_MESSAGES.notYourOffer));
    expect(await statusOf(made.id)).toBe("pending");
    expect((await itemRow(item.id))?.reservedForId).toBeNull();
  });

  it("a counter from the wrong side is refused; the seller counters and the buyer accepts: reserved", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Desk lamp" });
    const chatId = await dealChat(buyer, item);
    const otherChat = await dealChat(other, item);
    const made = await madeOffer(buyer, chatId, 300);
    const wrong = await counter(buyer, chatId, made.id, 320);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(refusal("forbidden", DEAL_MESSAGES.onlySellerCounters));
    const countered = await counter(seller, chatId, made.id, 380);
    expect(countered.statusCode).toBe(201);
    const counterOffer: Message = countered.json().message;
    expect(counterOffer.offer).toMatchObject({ status: "pending", isCounter: true });
    expect(await statusOf(made.id)).toBe("countered");
    // The seller cannot accept their own counter; the buyer can.
    expect((await answer(seller, chatId, counterOffer.id, "accept")).statusCode).toBe(403);
    const accepted = await answer(buyer, chatId, counterOffer.id, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message.offer.status).toBe("accepted");
    expect((await itemRow(item.id))?.reservedForId).toBe(buyer.id);
    expect(await noticesOf(seller.id)).toContain("Aarav Mehta accepted your offer of ₹380 for Desk lamp.");
    // The other buyer's chat gets the line, and their offers are refused.
    const lines = (await thread(other, otherChat)).messages.filter((m) => m.type === "system");
    expect(lines.map((m) => m.text)).toEqual([DEAL_MESSAGES.nowReserved]);
    const refused = await offer(other, otherChat, 500);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal("conflict", DEAL_MESSAGES.reservedForOther));
    // Browse shows it Reserved, and 'Hide reserved' leaves it out.
    const browse = (await get(testApp, "/api/items?search=Desk%20lamp", { cookie: stranger.cookie })).json();
    expect(browse.items.find((i: { id: string }) => i.id === item.id)?.isReserved).toBe(true);
    const hidden = (
      await get(testApp, "/api/items?search=Desk%20lamp&hideReserved=true", { cookie: stranger.cookie })
    ).json();
    expect(hidden.items.find((i: { id: string }) => i.id === item.id)).toBeUndefined();
    expect((await thread(buyer, chatId)).chat.item).toMatchObject({
      status: "reserved",
      isDealWithThisChat: true,
    });
  });

  it("decline and withdraw close an offer; only the buyer withdraws", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const first = await madeOffer(buyer, chatId, 300);
    expect((await answer(seller, chatId, first.id, "withdraw")).statusCode).toBe(403);
    expect((await answer(seller, chatId, first.id, "decline")).statusCode).toBe(200);
    expect(await statusOf(first.id)).toBe("declined");
    expect((await answer(seller, chatId, first.id, "accept")).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.offerNotPending),
    );
    const second = await madeOffer(buyer, chatId, 320);
    expect((await answer(buyer, chatId, second.id, "withdraw")).statusCode).toBe(200);
    expect(await statusOf(second.id)).toBe("withdrawn");
  });

  it("a pending offer past 48 hours shows 'Expired', and the job expires it once", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Old kettle" });
    const chatId = await dealChat(buyer, item);
    const made = await madeOffer(buyer, chatId, 150);
    await testApp.database.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.id, made.id));
    expect((await thread(seller, chatId)).messages.find((m) => m.id === made.id)?.offer?.status).toBe(
      "expired",
    );
    expect((await answer(seller, chatId, made.id, "accept")).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.offerExpired),
    );
    // Two instances run the job at once: one notification.
    await Promise.all([runDealDeadlines(jobContext()), runDealDeadlines(jobContext())]);
    expect(await statusOf(made.id)).toBe("expired");
    const notices = (await noticesOf(buyer.id)).filter((text) => text.includes("Old kettle expired"));
    expect(notices).toHaveLength(1);
  });

  it("concurrent accepts of two offers reserve the item once", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatA = await dealChat(buyer, item);
    const chatB = await dealChat(other, item);
    const [a, b] = [await madeOffer(buyer, chatA, 500), await madeOffer(other, chatB, 510)];
    const answers = await Promise.all([
      answer(seller, chatA, a.id, "accept"),
      answer(seller, chatB, b.id, "accept"),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const accepted = await testApp.database.db
      .select()
      .from(offers)
      .where(and(eq(offers.itemId, item.id), eq(offers.status, "accepted")));
    expect(accepted).toHaveLength(1);
    expect((await itemRow(item.id))?.reservedForId).toBe(accepted[0]?.buyerId);
  });
});

describe("reservations and sales", () => {
  async function reserved(productName: string) {
    const item = await insertItem(testApp, seller.id, { productName });
    const chatId = await dealChat(buyer, item);
    const made = await madeOffer(buyer, chatId, 400);
    expect((await answer(seller, chatId, made.id, "accept")).statusCode).toBe(200);
    return { item, chatId };
  }

  it("the seller releases a reservation; the buyer is told; nobody else may", async () => {
    const { item } = await reserved("Cycle lock");
    const byBuyer = await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: buyer.cookie });
    expect(byBuyer.statusCode).toBe(403);
    const response = await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: seller.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ isReserved: false, abilities: { canRelease: false } });
    expect(await noticesOf(buyer.id)).toContain(
      "Kunal Shah released the reservation of Cycle lock; it is available again.",
    );
    const again = await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: seller.cookie });
    expect(again.json()).toEqual(refusal("conflict", DEAL_MESSAGES.notReserved));
  });

  it("a reservation lapses after 3 days, with the seller reminded the day before", async () => {
    const { item } = await reserved("Study lamp");
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() + interval '12 hours'` })
      .where(eq(items.id, item.id));
    await runDealDeadlines(jobContext());
    await runDealDeadlines(jobContext());
    const reminders = (await noticesOf(seller.id)).filter((t) => t.includes("Study lamp lapses tomorrow"));
    expect(reminders).toHaveLength(1);
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(items.id, item.id));
    await Promise.all([runDealDeadlines(jobContext()), runDealDeadlines(jobContext())]);
    expect((await itemRow(item.id))?.reservedForId).toBeNull();
    expect((await noticesOf(buyer.id)).filter((t) => t.includes("Study lamp lapsed"))).toHaveLength(1);
  });

  it("refuses a sale to someone who never chatted about the item", async () => {
    const item = await insertItem(testApp, seller.id);
    await dealChat(buyer, item);
    const response = await post(
      testApp,
      `/api/items/${item.id}/sold`,
      { buyerId: stranger.id },
      { cookie: seller.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("invalid_input", DEAL_MESSAGES.buyerNeverChatted));
    expect((await itemRow(item.id))?.isSold).toBe(false);
  });

  it("sold to the reserved buyer: the others get the line and a notice, offers are refused", async () => {
    const { item, chatId } = await reserved("Graph paper");
    const otherChat = await dealChat(other, item);
    await sendText(testApp, other, otherChat, "Is it still there?");
    const buyers = (await get(testApp, `/api/items/${item.id}/buyers`, { cookie: seller.cookie })).json();
    expect(buyers.buyers[0]).toMatchObject({ id: buyer.id, isReservedFor: true });
    expect((await get(testApp, `/api/items/${item.id}/buyers`, { cookie: other.cookie })).statusCode).toBe(
      403,
    );
    const sold = await post(
      testApp,
      `/api/items/${item.id}/sold`,
      { buyerId: buyer.id },
      { cookie: seller.cookie },
    );
    expect(sold.statusCode).toBe(200);
    expect(sold.json().item).toMatchObject({ isSold: true, isActive: false });
    expect((await itemRow(item.id))?.buyerId).toBe(buyer.id);
    const lines = (await thread(other, otherChat)).messages
      .filter((m) => m.type === "system")
      .map((m) => m.text);
    expect(lines).toContain(DEAL_MESSAGES.nowSold);
    expect(await noticesOf(other.id)).toContain("Graph paper has been sold.");
    const refused = await offer(other, otherChat, 100);
    expect(refused.json()).toEqual(refusal("conflict", DEAL_MESSAGES.sold));
    expect((await thread(buyer, chatId)).chat.abilities).toMatchObject({ canOffer: false, canRate: true });
    expect(await noticesOf(buyer.id)).toContain("Rate Kunal Shah");
    const soldLines = await testApp.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.type, "system")));
    expect(soldLines).toHaveLength(0);
  });
});

describe("every offer transition, allowed and refused", () => {
  /** A fresh item with the buyer's chat and a pending offer of theirs in it. */
  async function pendingOffer(price = 500) {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const made = await madeOffer(buyer, chatId, price);
    return { item, chatId, offerId: made.id };
  }
  const notPending = refusal("conflict", DEAL_MESSAGES.offerNotPending);

  it("after a withdraw: no accept, decline, counter or second withdraw", async () => {
    const { chatId, offerId } = await pendingOffer();
    expect((await answer(buyer, chatId, offerId, "withdraw")).statusCode).toBe(200);
    for (const [who, action] of [
      [seller, "accept"],
      [seller, "decline"],
      [buyer, "withdraw"],
    ] as const) {
      const response = await answer(who, chatId, offerId, action);
      expect(response.statusCode, action).toBe(409);
      expect(response.json()).toEqual(notPending);
    }
    const countered = await counter(seller, chatId, offerId, 550);
    expect(countered.statusCode).toBe(409);
    expect(countered.json()).toEqual(refusal("conflict", DEAL_MESSAGES.offerNotFound));
    expect(await statusOf(offerId)).toBe("withdrawn");
  });

  it("after an accept: no second accept, no decline, no withdraw, no counter", async () => {
    const { item, chatId, offerId } = await pendingOffer();
    expect((await answer(seller, chatId, offerId, "accept")).statusCode).toBe(200);
    for (const [who, action] of [
      [seller, "accept"],
      [seller, "decline"],
      [buyer, "withdraw"],
    ] as const)
      expect((await answer(who, chatId, offerId, action)).json(), action).toEqual(notPending);
    expect((await counter(seller, chatId, offerId, 600)).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.offerNotFound),
    );
    expect(await statusOf(offerId)).toBe("accepted");
    expect((await itemRow(item.id))?.reservedForId).toBe(buyer.id);
  });

  it("two accepts of one offer at once: one reserves, the other is refused", async () => {
    const { item, chatId, offerId } = await pendingOffer();
    const answers = await Promise.all([
      answer(seller, chatId, offerId, "accept"),
      answer(seller, chatId, offerId, "accept"),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toEqual(notPending);
    expect((await itemRow(item.id))?.reservedForId).toBe(buyer.id);
    const accepted = (await noticesOf(buyer.id)).filter((t) => t.includes("accepted your offer of ₹500"));
    expect(accepted.length).toBeGreaterThanOrEqual(1);
  });

  it("after a decline: no accept, no withdraw; a new offer may follow", async () => {
    const { chatId, offerId } = await pendingOffer();
    expect((await answer(seller, chatId, offerId, "decline")).statusCode).toBe(200);
    expect((await answer(seller, chatId, offerId, "accept")).json()).toEqual(notPending);
    expect((await answer(buyer, chatId, offerId, "withdraw")).json()).toEqual(notPending);
    expect((await offer(buyer, chatId, 520)).statusCode).toBe(201);
  });

  it("an expired offer cannot be countered, accepted, declined or withdrawn", async () => {
    const { chatId, offerId } = await pendingOffer();
    await testApp.database.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.id, offerId));
    const expired = refusal("conflict", DEAL_MESSAGES.offerExpired);
    expect((await counter(seller, chatId, offerId, 600)).json()).toEqual(expired);
    expect((await answer(seller, chatId, offerId, "accept")).json()).toEqual(expired);
    expect((await answer(seller, chatId, offerId, "decline")).json()).toEqual(expired);
    expect((await answer(buyer, chatId, offerId, "withdraw")).json()).toEqual(expired);
    // Once the offers job has marked it, the answers are the same.
    await testApp.database.db.update(offers).set({ status: "expired" }).where(eq(offers.id, offerId));
    expect((await counter(seller, chatId, offerId, 600)).json()).toEqual(expired);
    expect((await answer(seller, chatId, offerId, "accept")).json()).toEqual(expired);
    expect((await answer(buyer, chatId, offerId, "withdraw")).json()).toEqual(expired);
  });

  it("a counter: only the buyer answers it, nobody withdraws it, and it cannot be countered again", async () => {
    const { chatId, offerId } = await pendingOffer();
    const countered = await counter(seller, chatId, offerId, 700);
    const counterId: string = countered.json().message.id;
    expect((await answer(seller, chatId, counterId, "accept")).json()).toEqual(
      refusal("forbidden", DEAL_MESSAGES.notYourOffer),
    );
    expect((await answer(seller, chatId, counterId, "decline")).json()).toEqual(
      refusal("forbidden", DEAL_MESSAGES.notYourOffer),
    );
    expect((await answer(buyer, chatId, counterId, "withdraw")).json()).toEqual(
      refusal("forbidden", DEAL_MESSAGES.onlyBuyerWithdraws),
    );
    expect((await counter(seller, chatId, counterId, 650)).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.offerNotFound),
    );
    // The countered offer itself is no longer open.
    expect((await answer(seller, chatId, offerId, "accept")).json()).toEqual(notPending);
    expect((await answer(buyer, chatId, counterId, "decline")).statusCode).toBe(200);
    expect(await statusOf(counterId)).toBe("declined");
  });

  it("the buyer cannot decline their own offer; outsiders and other chats cannot touch it", async () => {
    const { chatId, offerId, item } = await pendingOffer();
    expect((await answer(buyer, chatId, offerId, "decline")).json()).toEqual(
      refusal("forbidden", DEAL_MESSAGES.notYourOffer),
    );
    const byStranger = await counter(stranger, chatId, offerId, 600);
    expect(byStranger.statusCode).toBe(403);
    // The offer's id through another chat about the same item: not found there.
    const otherChat = await dealChat(other, item);
    const elsewhere = await answer(seller, otherChat, offerId, "accept");
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual(refusal("not_found", DEAL_MESSAGES.offerNotFound));
    expect(await statusOf(offerId)).toBe("pending");
  });

  it("while reserved for one buyer: that buyer may offer again, another's offer cannot be made or accepted", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const otherChat = await dealChat(other, item);
    const theirs = await madeOffer(other, otherChat, 480);
    const made = await madeOffer(buyer, chatId, 500);
    expect((await answer(seller, chatId, made.id, "accept")).statusCode).toBe(200);
    expect((await offer(buyer, chatId, 510)).statusCode).toBe(201);
    const refused = await offer(other, otherChat, 520);
    expect(refused.json()).toEqual(refusal("conflict", DEAL_MESSAGES.reservedForOther));
    const lateAccept = await answer(seller, otherChat, theirs.id, "accept");
    expect(lateAccept.statusCode).toBe(409);
    expect(lateAccept.json()).toEqual(refusal("conflict", DEAL_MESSAGES.reservedForOther));
    expect(await statusOf(theirs.id)).toBe("pending");
    expect((await counter(seller, otherChat, theirs.id, 600)).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.reservedForOther),
    );
  });

  it("after the sale: no offer, counter, accept or release", async () => {
    const { item, chatId, offerId } = await pendingOffer();
    const sold = await post(
      testApp,
      `/api/items/${item.id}/sold`,
      { buyerId: null },
      { cookie: seller.cookie },
    );
    expect(sold.statusCode).toBe(200);
    expect((await offer(buyer, chatId, 530)).json()).toEqual(refusal("conflict", DEAL_MESSAGES.sold));
    expect((await counter(seller, chatId, offerId, 600)).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.sold),
    );
    expect((await answer(seller, chatId, offerId, "accept")).json()).toEqual(notPending);
    const release = await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: seller.cookie });
    expect(release.json()).toEqual(refusal("conflict", DEAL_MESSAGES.notReserved));
    // 'Someone else': nobody is asked to rate.
    expect((await thread(buyer, chatId)).chat.abilities).toMatchObject({ canOffer: false, canRate: false });
  });
});

describe("every reservation and sale transition, allowed and refused", () => {
  async function reservedItem() {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const made = await madeOffer(buyer, chatId, 400);
    expect((await answer(seller, chatId, made.id, "accept")).statusCode).toBe(200);
    return { item, chatId };
  }
  const release = (who: Student, itemId: string) =>
    post(testApp, `/api/items/${itemId}/release`, {}, { cookie: who.cookie });
  const sell = (who: Student, itemId: string, buyerId: string | null) =>
    post(testApp, `/api/items/${itemId}/sold`, { buyerId }, { cookie: who.cookie });

  it("release by the buyer, a stranger or another chat partner is refused; the reservation holds", async () => {
    const { item } = await reservedItem();
    await dealChat(other, item);
    for (const who of [buyer, stranger, other]) {
      const response = await release(who, item.id);
      expect(response.statusCode).toBe(403);
    }
    expect((await itemRow(item.id))?.reservedForId).toBe(buyer.id);
  });

  it("release of an item never reserved, or reserved and lapsed, is refused with 'This item is not reserved.'", async () => {
    const never = await insertItem(testApp, seller.id);
    expect((await release(seller, never.id)).json()).toEqual(refusal("conflict", DEAL_MESSAGES.notReserved));
    const { item } = await reservedItem();
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(items.id, item.id));
    expect((await release(seller, item.id)).json()).toEqual(refusal("conflict", DEAL_MESSAGES.notReserved));
  });

  it("only the seller marks it sold, once; to someone who never chatted, or to a stranger, is refused", async () => {
    const { item } = await reservedItem();
    expect((await sell(buyer, item.id, buyer.id)).statusCode).toBe(403);
    const never = await sell(seller, item.id, stranger.id);
    expect(never.statusCode).toBe(400);
    expect(never.json()).toEqual(refusal("invalid_input", DEAL_MESSAGES.buyerNeverChatted));
    // The seller themselves is no buyer either.
    expect((await sell(seller, item.id, seller.id)).json()).toEqual(
      refusal("invalid_input", DEAL_MESSAGES.buyerNeverChatted),
    );
    expect((await itemRow(item.id))?.isSold).toBe(false);
    expect((await sell(seller, item.id, buyer.id)).statusCode).toBe(200);
    const again = await sell(seller, item.id, buyer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal("conflict", "This item is already sold."));
  });

  it("sold to another chat partner while reserved: allowed; the reserved buyer's chat gets 'This item has been sold.'", async () => {
    const { item, chatId } = await reservedItem();
    const otherChat = await dealChat(other, item);
    const sold = await sell(seller, item.id, other.id);
    expect(sold.statusCode).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ buyerId: other.id, reservedForId: null, isSold: true });
    const lines = (await thread(buyer, chatId)).messages
      .filter((m) => m.type === "system")
      .map((m) => m.text);
    expect(lines).toContain(DEAL_MESSAGES.nowSold);
    expect((await thread(other, otherChat)).chat.abilities).toMatchObject({ canRate: true });
    expect((await thread(buyer, chatId)).chat.abilities).toMatchObject({ canRate: false });
  });
});

describe("a sale closes the item's pending offers", () => {
  it("every pending offer and counter in all its chats is closed in the sale, shown so on both sides, and no longer answerable", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Table fan" });
    const [buyerChat, otherChat, strangerChat] = [
      await dealChat(buyer, item),
      await dealChat(other, item),
      await dealChat(stranger, item),
    ];
    const buyerOffer = await madeOffer(buyer, buyerChat, 700);
    const otherOffer = await madeOffer(other, otherChat, 650);
    const strangerOffer = await madeOffer(stranger, strangerChat, 600);
    const countered = await counter(seller, strangerChat, strangerOffer.id, 680);
    expect(countered.statusCode).toBe(201);
    const counterId: string = countered.json().message.id;

    const sold = await post(
      testApp,
      `/api/items/${item.id}/sold`,
      { buyerId: buyer.id },
      { cookie: seller.cookie },
    );
    expect(sold.statusCode, sold.body).toBe(200);
    for (const id of [buyerOffer.id, otherOffer.id, counterId]) expect(await statusOf(id)).toBe("closed");
    // What was answered before the sale keeps its state.
    expect(await statusOf(strangerOffer.id)).toBe("countered");
    for (const [who, chatId, id] of [
      [buyer, buyerChat, buyerOffer.id],
      [other, otherChat, otherOffer.id],
      [stranger, strangerChat, counterId],
    ] as const) {
      for (const viewer of [who, seller]) {
        const seen = (await thread(viewer, chatId)).messages.find((m) => m.id === id);
        expect(seen?.offer?.status).toBe("closed");
      }
    }
    expect((await answer(seller, otherChat, otherOffer.id, "accept")).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.offerNotPending),
    );
    expect((await answer(stranger, strangerChat, counterId, "accept")).json()).toEqual(
      refusal("conflict", DEAL_MESSAGES.offerNotPending),
    );
    // A closed offer never expires later with an 'expired' notice.
    await testApp.database.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.itemId, item.id));
    await runDealDeadlines(jobContext());
    for (const who of [buyer, other, stranger, seller])
      expect((await noticesOf(who.id)).filter((t) => t.includes("Table fan expired"))).toEqual([]);
  });
});

describe("'This item is now reserved.' in the other chats", () => {
  it("is written when a reservation starts, not when the reserved buyer's new offer is accepted, nor on release or lapse", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Bean bag" });
    const chatId = await dealChat(buyer, item);
    const otherChat = await dealChat(other, item);
    const reservedLines = async () =>
      (await thread(other, otherChat)).messages.filter((m) => m.text === DEAL_MESSAGES.nowReserved).length;

    const first = await madeOffer(buyer, chatId, 900);
    expect((await answer(seller, chatId, first.id, "accept")).statusCode).toBe(200);
    expect(await reservedLines()).toBe(1);
    // The reserved buyer offers again and the seller accepts: the reservation goes on.
    const second = await madeOffer(buyer, chatId, 950);
    expect((await answer(seller, chatId, second.id, "accept")).statusCode).toBe(200);
    expect((await itemRow(item.id))?.reservedForId).toBe(buyer.id);
    expect(await reservedLines()).toBe(1);
    // Released, then lapsed: no line; a new reservation after the release starts again: a line.
    expect(
      (await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: seller.cookie })).statusCode,
    ).toBe(200);
    expect(await reservedLines()).toBe(1);
    const third = await madeOffer(buyer, chatId, 980);
    expect((await answer(seller, chatId, third.id, "accept")).statusCode).toBe(200);
    expect(await reservedLines()).toBe(2);
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(items.id, item.id));
    await runDealDeadlines(jobContext());
    expect(await reservedLines()).toBe(2);
    // The buyer's own chat never gets the line.
    const own = (await thread(buyer, chatId)).messages.filter((m) => m.text === DEAL_MESSAGES.nowReserved);
    expect(own).toHaveLength(0);
  });
});

describe("notification types", () => {
  /** What the student's notification list says, newest first: type, text and where it opens. */
  const listed = async (who: Student, chatId?: string) =>
    (
      (await get(testApp, "/api/notifications", { cookie: who.cookie })).json().notifications as {
        type: string;
        text: string;
        chatId: string | null;
        link: string | null;
      }[]
    )
      .filter((n) => chatId === undefined || n.chatId === chatId)
      .map(({ type, text, link }) => ({ type, text, link }));

  it("an offer or counter to answer is 'offer'; answers, reservations, sales and the rating prompt are 'deal'", async () => {
    const [asha, ravi, neel] = await Promise.all([
      createStudent(testApp, { name: "Asha Rao" }),
      createStudent(testApp, { name: "Ravi Jain" }),
      createStudent(testApp, { name: "Neel Bose" }),
    ]);
    const item = await insertItem(testApp, asha.id, { productName: "Tabla set" });
    const chatId = await dealChat(ravi, item);
    const otherChat = await dealChat(neel, item);
    const first = await madeOffer(ravi, chatId, 900);
    expect((await listed(asha, chatId))[0]).toEqual({
      type: "offer",
      text: "Ravi Jain offered ₹900 for Tabla set",
      link: null,
    });
    const countered = await counter(asha, chatId, first.id, 1000);
    expect((await listed(ravi, chatId))[0]).toMatchObject({
      type: "offer",
      text: "Asha Rao countered your offer with ₹1,000 for Tabla set.",
    });
    const neelOffer = await madeOffer(neel, otherChat, 800);
    expect((await answer(asha, otherChat, neelOffer.id, "decline")).statusCode).toBe(200);
    expect((await listed(neel, otherChat))[0]).toMatchObject({
      type: "deal",
      text: "Asha Rao declined your offer of ₹800 for Tabla set.",
    });
    expect((await answer(ravi, chatId, countered.json().message.id, "accept")).statusCode).toBe(200);
    expect((await listed(asha, chatId))[0]).toMatchObject({
      type: "deal",
      text: "Ravi Jain accepted your offer of ₹1,000 for Tabla set.",
    });
    expect(
      (await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: asha.cookie })).statusCode,
    ).toBe(200);
    expect((await listed(ravi))[0]).toMatchObject({
      type: "deal",
      text: "Asha Rao released the reservation of Tabla set; it is available again.",
    });
    const sold = await post(
      testApp,
      `/api/items/${item.id}/sold`,
      { buyerId: ravi.id },
      { cookie: asha.cookie },
    );
    expect(sold.statusCode).toBe(200);
    expect((await listed(neel, otherChat))[0]).toEqual({
      type: "deal",
      text: "Tabla set has been sold.",
      link: null,
    });
    // The rating prompt says 'Rate {name}' and opens the chat with its rating dialog.
    const link = `/messages?chatId=${encodeURIComponent(chatId)}&rate=1`;
    expect((await listed(ravi, chatId))[0]).toEqual({ type: "deal", text: "Rate Asha Rao", link });
    expect((await listed(asha, chatId))[0]).toEqual({ type: "deal", text: "Rate Ravi Jain", link });
    // Only messages count as unread messages.
    const counts = (await get(testApp, "/api/notifications/counts", { cookie: asha.cookie })).json();
    expect(counts).toMatchObject({ unreadMessages: 0 });
  });

  it("the reservation's reminder and lapse, and an offer's expiry, are 'deal'", async () => {
    const [asha, ravi] = await Promise.all([
      createStudent(testApp, { name: "Asha Menon" }),
      createStudent(testApp, { name: "Ravi Kumar" }),
    ]);
    const item = await insertItem(testApp, asha.id, { productName: "Sitar" });
    const chatId = await dealChat(ravi, item);
    const made = await madeOffer(ravi, chatId, 500);
    expect((await answer(asha, chatId, made.id, "accept")).statusCode).toBe(200);
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() + interval '12 hours'` })
      .where(eq(items.id, item.id));
    await runDealDeadlines(jobContext());
    expect((await listed(asha))[0]).toMatchObject({
      type: "deal",
      text: "The reservation of Sitar lapses tomorrow. Mark it as sold or release it.",
    });
    await testApp.database.db
      .update(items)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(items.id, item.id));
    await runDealDeadlines(jobContext());
    expect((await listed(ravi))[0]).toMatchObject({
      type: "deal",
      text: "The reservation of Sitar lapsed; it is available again.",
    });
    const late = await madeOffer(ravi, chatId, 450);
    await testApp.database.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.id, late.id));
    await runDealDeadlines(jobContext());
    expect((await listed(ravi))[0]).toMatchObject({
      type: "deal",
      text: "The offer of ₹450 for Sitar expired.",
    });
  });
});

describe("an expired listing", () => {
  it("refuses offers, counters and accepts with 'This listing has expired.', before and after the listings job", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Lapsed lamp" });
    const chatId = await dealChat(buyer, item);
    const pending = await madeOffer(buyer, chatId, 300);
    // Its 30 days are over; the listings job has not run yet.
    await testApp.database.db
      .update(items)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(items.id, item.id));
    const expired = refusal("conflict", "This listing has expired.");
    expect((await thread(buyer, chatId)).chat).toMatchObject({
      item: { status: "expired" },
      abilities: { canOffer: false },
    });
    expect((await offer(buyer, chatId, 350)).json()).toEqual(expired);
    expect((await counter(seller, chatId, pending.id, 320)).json()).toEqual(expired);
    expect((await answer(seller, chatId, pending.id, "accept")).json()).toEqual(expired);
    // The job took it off the marketplace.
    await testApp.database.db
      .update(items)
      .set({ isActive: false, expiredAt: sql`now()` })
      .where(eq(items.id, item.id));
    const refused = await offer(buyer, chatId, 360);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(expired);
    expect((await answer(seller, chatId, pending.id, "accept")).json()).toEqual(expired);
    expect(await statusOf(pending.id)).toBe("pending");
    expect((await itemRow(item.id))?.reservedForId).toBeNull();
  });
});

describe("favourites", () => {
  it("refuses saving one's own item (canFavourite), and changes nothing", async () => {
    const item = await insertItem(testApp, seller.id);
    const response = await testApp.app.inject({
      method: "PUT",
      url: `/api/items/${item.id}/favourite`,
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(403);
    const detail = (await get(testApp, `/api/items/${item.id}`, { cookie: seller.cookie })).json();
    expect(detail.isFavourite).toBe(false);
  });
});
