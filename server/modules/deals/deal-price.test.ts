// The accepted price is the deal's price everywhere (issue 37): after a counter of ₹650 on a ₹700
// item is accepted, the item's answers, the chat list's last line and both sides' chat header data
// say ₹650, and both open tabs learn it from live frames; a release ends it.
import type { ChatSummary, Message } from "@shared/api/chats";
import type { Item } from "@shared/api/items";
import { describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { get, post } from "../../../tests/helpers/api";
import { connectLive, listenOnLoopback } from "../../../tests/helpers/live";
import {
  answer,
  buyer,
  counter,
  dealChat,
  madeOffer,
  other,
  seller,
  setUpDealsApp,
  stranger,
  testApp,
  thread,
} from "./testing/deals-app";

setUpDealsApp();

async function chatList(who: { cookie: string }): Promise<ChatSummary[]> {
  const response = await get(testApp, "/api/chats", { cookie: who.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().chats;
}

async function itemAs(who: { cookie: string }, id: string): Promise<Item> {
  const response = await get(testApp, `/api/items/${id}`, { cookie: who.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().item;
}

describe("the accepted price is the deal's price", () => {
  it("a counter of ₹650 accepted on a ₹700 item: the item, the chat list and both headers say ₹650", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Scientific calculator", price: 700 });
    const chatId = await dealChat(buyer, item);
    const otherChat = await dealChat(other, item);
    const made = await madeOffer(buyer, chatId, 600);
    const countered = await counter(seller, chatId, made.id, 650);
    expect(countered.statusCode, countered.body).toBe(201);
    const counterOffer: Message = countered.json().message;
    // Before the accept, the list's last line is the counter, and nothing is reserved.
    expect((await chatList(buyer)).find((c) => c.id === chatId)?.lastMessage).toBe("Countered ₹650");
    expect(await itemAs(stranger, item.id)).toMatchObject({ price: 700, reservedPrice: null });

    const baseUrl = await listenOnLoopback(testApp.app);
    const [buyerLive, sellerLive] = await Promise.all([
      connectLive(baseUrl, buyer.cookie),
      connectLive(baseUrl, seller.cookie),
    ]);
    try {
      const accepted = await answer(buyer, chatId, counterOffer.id, "accept");
      expect(accepted.statusCode, accepted.body).toBe(200);
      // Both open tabs get the line and learn the chat and its deal changed (they refetch the header).
      for (const live of [buyerLive, sellerLive]) {
        await live.waitFor(
          (frame) =>
            frame.type === "message.created" &&
            frame.data.message.chatId === chatId &&
            frame.data.message.text === "Offer accepted: ₹650",
          "the accepted line's message.created",
        );
        await live.waitFor(
          (frame) => frame.type === "deal.updated" && frame.data.chatId === chatId,
          "the chat's deal.updated",
        );
        await live.waitFor(
          (frame) => frame.type === "chat.updated" && frame.data.chatId === chatId,
          "the chat's chat.updated",
        );
      }
    } finally {
      await Promise.all([buyerLive.close(), sellerLive.close()]);
    }

    // The item's answers: the listed price stays, the deal's price beside it, for everyone.
    for (const who of [buyer, seller, stranger]) {
      expect(await itemAs(who, item.id)).toMatchObject({ price: 700, isReserved: true, reservedPrice: 650 });
    }
    const browse = (
      await get(testApp, "/api/items?search=Scientific%20calculator", { cookie: stranger.cookie })
    )
      .json()
      .items.find((i: Item) => i.id === item.id);
    expect(browse).toMatchObject({ price: 700, reservedPrice: 650 });
    const profile = (await get(testApp, `/api/users/${seller.id}`, { cookie: stranger.cookie })).json();
    expect(profile.items.find((i: Item) => i.id === item.id)).toMatchObject({ reservedPrice: 650 });

    // The chat list's last line and the header's data, for the buyer and the seller.
    for (const who of [buyer, seller]) {
      const summary = (await chatList(who)).find((c) => c.id === chatId);
      expect(summary?.lastMessage).toBe("Offer accepted: ₹650");
      expect(summary?.item).toMatchObject({
        price: 700,
        status: "reserved",
        isDealWithThisChat: true,
        dealPrice: 650,
      });
      expect((await thread(who, chatId)).chat.item).toMatchObject({ status: "reserved", dealPrice: 650 });
    }
    expect((await chatList(seller)).find((c) => c.id === chatId)?.tab).toBe("selling");
    // Another buyer's chat: reserved, but not their deal, so no price of it.
    const otherSummary = (await chatList(other)).find((c) => c.id === otherChat);
    expect(otherSummary?.item).toMatchObject({
      status: "reserved",
      isDealWithThisChat: false,
      dealPrice: null,
    });
    expect(otherSummary?.lastMessage).toBe("This item is now reserved.");

    // Released: the listed price again everywhere.
    const released = await post(testApp, `/api/items/${item.id}/release`, {}, { cookie: seller.cookie });
    expect(released.statusCode).toBe(200);
    expect(released.json().item).toMatchObject({ isReserved: false, reservedPrice: null });
    expect((await thread(buyer, chatId)).chat.item).toMatchObject({ status: "available", dealPrice: null });
  });

  it("a later accepted offer of the same buyer changes the deal's price", async () => {
    const item = await insertItem(testApp, seller.id, { productName: "Drafter set", price: 700 });
    const chatId = await dealChat(buyer, item);
    const first = await madeOffer(buyer, chatId, 650);
    expect((await answer(seller, chatId, first.id, "accept")).statusCode).toBe(200);
    const second = await madeOffer(buyer, chatId, 620);
    expect((await answer(seller, chatId, second.id, "accept")).statusCode).toBe(200);
    expect(await itemAs(stranger, item.id)).toMatchObject({ reservedPrice: 620 });
    const summary = (await chatList(seller)).find((c) => c.id === chatId);
    expect(summary?.lastMessage).toBe("Offer accepted: ₹620");
    expect(summary?.item?.dealPrice).toBe(620);
  });
});
