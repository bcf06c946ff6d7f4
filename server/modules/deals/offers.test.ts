// Offers in a deal chat: making, countering and answering them, every transition, and what a sale
// or an expired listing does to them. Reservations and sales: reservations.test.ts.
import type { Message } from "@shared/api/chats";
import { DEAL_MESSAGES } from "@shared/deals-constants";
import type { LiveFrame } from "@shared/live-events";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newClientId, sendRequest } from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { callAs } from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { connectLive, listenOnLoopback, settle } from "../../../tests/helpers/live";
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
  statusOf,
  stranger,
  testApp,
  thread,
} from "./testing/deals-app";

setUpDealsApp();

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

  it("the other side's open tab gets each offer's state in its live frames, with nothing to refetch", async () => {
    const item = await insertItem(testApp, seller.id);
    const chatId = await dealChat(buyer, item);
    const baseUrl = await listenOnLoopback(testApp.app);
    const [buyerLive, sellerLive] = await Promise.all([
      connectLive(baseUrl, buyer.cookie),
      connectLive(baseUrl, seller.cookie),
    ]);
    try {
      const made = await madeOffer(buyer, chatId, 500);
      const created = await sellerLive.waitFor(
        (frame) => frame.type === "message.created" && frame.data.message.id === made.id,
        "the offer's message.created",
      );
      expect(created.type === "message.created" && created.data.message.offer).toMatchObject({
        status: "pending",
        isCounter: false,
      });
      // The seller counters in their tab: the buyer's tab learns both offers' states from frames.
      const countered = await counter(seller, chatId, made.id, 550);
      expect(countered.statusCode).toBe(201);
      const counterOffer: Message = countered.json().message;
      await buyerLive.waitFor(
        (frame) =>
          frame.type === "offer.updated" &&
          frame.data.messageId === made.id &&
          frame.data.offer.status === "countered",
        "the first offer countered",
      );
      const counterFrame = await buyerLive.waitFor(
        (frame) => frame.type === "message.created" && frame.data.message.id === counterOffer.id,
        "the counter's message.created",
      );
      expect(counterFrame.type === "message.created" && counterFrame.data.message.offer).toMatchObject({
        status: "pending",
        isCounter: true,
      });
      // The buyer declines it: the seller's tab gets 'declined' from the frame.
      expect((await answer(buyer, chatId, counterOffer.id, "decline")).statusCode).toBe(200);
      await sellerLive.waitFor(
        (frame) =>
          frame.type === "offer.updated" &&
          frame.data.messageId === counterOffer.id &&
          frame.data.offer.status === "declined",
        "the counter declined",
      );
      await settle();
      // Nothing told either tab to fetch the thread again: no reservation, sale or rating happened.
      const isDealFrame = (frame: LiveFrame) => frame.type === "deal.updated";
      expect(buyerLive.frames.filter(isDealFrame)).toEqual([]);
      expect(sellerLive.frames.filter(isDealFrame)).toEqual([]);
    } finally {
      await Promise.all([buyerLive.close(), sellerLive.close()]);
    }
  });

  it("'This item is now reserved.' reaches a chat whose buyer the seller blocked: it is the app's line", async () => {
    const item = await insertItem(testApp, seller.id);
    const blockedBuyer = await createStudent(testApp);
    const chatId = await dealChat(buyer, item);
    const blockedChat = await dealChat(blockedBuyer, item);
    const blocked = await callAs(testApp, "PUT", `/api/users/${blockedBuyer.id}/block`, seller.cookie);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const made = await madeOffer(buyer, chatId, 300);
    expect((await answer(seller, chatId, made.id, "accept")).statusCode).toBe(200);
    const lines = await testApp.database.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.chatId, blockedChat), eq(messages.type, "system")));
    expect(lines.map((line) => line.text)).toEqual([DEAL_MESSAGES.nowReserved]);
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
