// Reservations and sales after an accepted offer: release, lapse, marking sold, every transition,
// the reserved line in the other chats, and the deal notifications' types. Offers: offers.test.ts.
import { DEAL_MESSAGES } from "@shared/deals-constants";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Student, sendText } from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { items, messages, offers } from "../../db/schema";
import { runDealDeadlines } from "./deal-deadlines";
import {
  answer,
  buyer,
  counter,
  dealChat,
  itemRow,
  jobContext,
  madeOffer,
  noticesOf,
  offer,
  other,
  refusal,
  seller,
  setUpDealsApp,
  stranger,
  testApp,
  thread,
} from "./testing/deals-app";

setUpDealsApp();

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
    // The buyer's own chat has the accept's line, not the others' 'sold' line.
    const ownLines = await testApp.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.type, "system")));
    expect(ownLines.map((line) => line.text)).toEqual(["Offer accepted: ₹400"]);
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

  it("'Who bought it?' offers only those who wrote or made an offer; one who only opened a chat is refused", async () => {
    const item = await insertItem(testApp, seller.id);
    const writerChat = await dealChat(buyer, item);
    await sendText(testApp, buyer, writerChat, "Still available?");
    const offerChat = await dealChat(other, item);
    const made = await madeOffer(other, offerChat, 300);
    const openerChat = await dealChat(stranger, item);
    // The opener's chat gets the seller's deal line: it is the app's words, not theirs or a reply.
    expect((await answer(seller, offerChat, made.id, "accept")).statusCode).toBe(200);
    expect((await thread(stranger, openerChat)).messages.map((m) => m.text)).toEqual([
      DEAL_MESSAGES.nowReserved,
    ]);
    const candidates = async () =>
      (await get(testApp, `/api/items/${item.id}/buyers`, { cookie: seller.cookie })).json().buyers;
    expect(await candidates()).toEqual([
      { id: other.id, name: "Riya Das", isReservedFor: true },
      { id: buyer.id, name: "Aarav Mehta", isReservedFor: false },
    ]);
    const refused = await sell(seller, item.id, stranger.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal("invalid_input", DEAL_MESSAGES.buyerNeverChatted));
    expect(await itemRow(item.id)).toMatchObject({ isSold: false, buyerId: null });
    expect(await noticesOf(stranger.id)).not.toContain("Rate Kunal Shah");
    // Once they write, they are one of the people who chatted about it.
    await sendText(testApp, stranger, openerChat, "I can pick it up today.");
    expect((await candidates()).map((row: { id: string }) => row.id)).toContain(stranger.id);
    expect((await sell(seller, item.id, stranger.id)).statusCode).toBe(200);
  });

  it("sold to another chat partner while reserved: allowed; the reserved buyer's chat gets 'This item has been sold.'", async () => {
    const { item, chatId } = await reservedItem();
    const otherChat = await dealChat(other, item);
    await sendText(testApp, other, otherChat, "If it falls through, I'll take it.");
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
