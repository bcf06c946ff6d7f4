import type { Message, ThreadResponse } from "@shared/api/chats";
import type { LiveFrame } from "@shared/live-events";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newClientId,
  openItemChat,
  type Student,
  sendPhoto,
  sendRequest,
  sendText,
  uploadChatPhoto,
} from "../../../tests/factories/chats";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../../../tests/helpers/live";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { messages, users } from "../../db/schema";

// Issue 38, "Warnings that fit the scam": each flagged message has a kind, stored with it; the
// recipient's copy says whether it is the first of its kind from that sender in the chat and how
// many flagged messages came before (the banner from the second); the sender is told once per chat.
// A number, a WhatsApp invitation or a link is flagged in the first three messages of someone new.

let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(() => testApp.close());

/** Two students who never chatted. */
const pair = () =>
  Promise.all([
    createStudent(testApp, { name: "Rohit Verma" }),
    createStudent(testApp, { name: "Ananya Rao" }),
  ]);

const thread = async (user: Student, chatId: string): Promise<ThreadResponse> => {
  const response = await get(testApp, `/api/chats/${chatId}`, { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const inThread = async (user: Student, chatId: string, id: string) =>
  (await thread(user, chatId)).messages.find((message) => message.id === id);

async function kindStored(messageId: string): Promise<string | null | undefined> {
  const [row] = await testApp.database.db
    .select({ kind: messages.scamKind })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row?.kind;
}

async function liveCopy(live: LiveClient, messageId: string): Promise<Message> {
  const isIt = (frame: LiveFrame) => frame.type === "message.created" && frame.data.message.id === messageId;
  const frame = await live.waitFor(isIt, `message.created for ${messageId}`);
  if (frame.type !== "message.created") throw new Error("not a message frame");
  return frame.data.message;
}

describe("the kind of a flagged message", () => {
  it("is stored, shown to the recipient as first of its kind, then counted; live frames carry it", async () => {
    const [buyer, seller] = await pair();
    const [buyerLive, sellerLive] = await Promise.all([
      connectLive(baseUrl, buyer.cookie),
      connectLive(baseUrl, seller.cookie),
    ]);
    try {
      const chat = await openItemChat(testApp, buyer, seller, "Hero Sprint cycle");
      const ordinary = await sendText(testApp, buyer, chat.id, "Is it still available?");
      const advance = await sendText(testApp, buyer, chat.id, "Advance bhejo 500, kal courier kar dunga");
      const again = await sendText(testApp, buyer, chat.id, "pehle paise bhejo phir milte hai");
      const qr = await sendText(testApp, buyer, chat.id, "Scan this QR code to receive your refund");

      expect(await kindStored(ordinary.id)).toBeNull();
      expect(await kindStored(advance.id)).toBe("advance");
      expect(await kindStored(again.id)).toBe("advance");
      expect(await kindStored(qr.id)).toBe("qr_or_pin");

      // The recipient: the first advance explains itself, the second is a chip and the second flag.
      expect((await inThread(seller, chat.id, ordinary.id))?.scamFlag).toBeNull();
      expect((await inThread(seller, chat.id, advance.id))?.scamFlag).toEqual({
        kind: "advance",
        isFirstOfKind: true,
        count: 1,
      });
      expect((await inThread(seller, chat.id, again.id))?.scamFlag).toEqual({
        kind: "advance",
        isFirstOfKind: false,
        count: 2,
      });
      expect((await inThread(seller, chat.id, qr.id))?.scamFlag).toEqual({
        kind: "qr_or_pin",
        isFirstOfKind: true,
        count: 3,
      });
      expect((await liveCopy(sellerLive, advance.id)).scamFlag).toEqual({
        kind: "advance",
        isFirstOfKind: true,
        count: 1,
      });
      expect((await liveCopy(sellerLive, again.id)).scamFlag).toMatchObject({
        isFirstOfKind: false,
        count: 2,
      });
      expect((await liveCopy(sellerLive, qr.id)).flagNotice).toBe(false);

      // The sender: no kind ever; told once, on the first flagged message, in the answer, thread and live.
      expect(advance.flagNotice).toBe(true);
      expect(again.flagNotice).toBe(false);
      expect(qr.flagNotice).toBe(false);
      expect(advance.scamFlag).toBeNull();
      const buyerView = await thread(buyer, chat.id);
      expect(buyerView.messages.filter((m) => m.flagNotice).map((m) => m.id)).toEqual([advance.id]);
      expect(buyerView.messages.every((m) => m.scamFlag === null)).toBe(true);
      expect(await liveCopy(buyerLive, advance.id)).toMatchObject({ flagNotice: true, scamFlag: null });
      expect((await liveCopy(buyerLive, again.id)).flagNotice).toBe(false);
    } finally {
      await Promise.all([buyerLive.close(), sellerLive.close()]);
    }
  });

  it("a retried send of the first flagged message still tells the sender", async () => {
    const [buyer, seller] = await pair();
    const chat = await openItemChat(testApp, buyer, seller, "Study lamp");
    const body = { type: "text", clientId: newClientId(), text: "Pay 300 advance first, then I bring it" };
    const first = await sendRequest(testApp, buyer.cookie, chat.id, body);
    const again = await sendRequest(testApp, buyer.cookie, chat.id, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatchObject({
      id: first.json().message.id,
      flagNotice: true,
      scamFlag: null,
    });
  });

  it("each member's flags are their own: the other's first flag is a first again, and told to them once", async () => {
    const [buyer, seller] = await pair();
    const chat = await openItemChat(testApp, buyer, seller, "Casio watch");
    await sendText(testApp, buyer, chat.id, "Pay 500 advance and I will keep it for you");
    const reply = await sendText(testApp, seller, chat.id, "No, you pay the token amount of 200 first");
    expect(reply.flagNotice).toBe(true);
    expect((await inThread(buyer, chat.id, reply.id))?.scamFlag).toEqual({
      kind: "advance",
      isFirstOfKind: true,
      count: 1,
    });
  });

  it("a photo with a QR code is of the QR kind", async () => {
    const [buyer, seller] = await pair();
    const chat = await openItemChat(testApp, buyer, seller, "Boat Rockerz 450");
    const key = await uploadChatPhoto(
      testApp,
      buyer,
      await QRCode.toBuffer("upi://pay?pa=fakebuyer@ybl&am=1500", { width: 300, margin: 2 }),
    );
    const photo = await sendPhoto(testApp, buyer, chat.id, key);
    expect(await kindStored(photo.id)).toBe("qr_or_pin");
    expect(photo.flagNotice).toBe(true);
    expect(await inThread(seller, chat.id, photo.id)).toMatchObject({
      photoCheck: "flagged",
      scamFlag: { kind: "qr_or_pin", isFirstOfKind: true, count: 1 },
    });
  });
});

describe("a number, a WhatsApp invitation or a link from someone new", () => {
  it("is flagged in their first three messages only", async () => {
    const [buyer, seller] = await pair();
    const chat = await openItemChat(testApp, buyer, seller, "Lenovo IdeaPad charger");
    const hello = await sendText(testApp, buyer, chat.id, "Hi, is it available?");
    const number = await sendText(testApp, buyer, chat.id, "Call me on 98765 43210");
    const whatsapp = await sendText(testApp, buyer, chat.id, "or msg me on WhatsApp");
    const late = await sendText(testApp, buyer, chat.id, "whatsapp me at 98765 43210 if the price changes");
    // The seller answers: these are the seller's first messages, so the seller's own count starts at 0.
    const sellerLink = await sendText(
      testApp,
      seller,
      chat.id,
      "More photos at https://photos.example.com/x",
    );

    expect(await kindStored(hello.id)).toBeNull();
    expect(await kindStored(number.id)).toBe("off_platform");
    expect(await kindStored(whatsapp.id)).toBe("off_platform");
    expect(await kindStored(late.id)).toBeNull();
    expect(await kindStored(sellerLink.id)).toBe("off_platform");
    expect(number.flagNotice).toBe(true);
    expect((await inThread(seller, chat.id, number.id))?.scamFlag).toEqual({
      kind: "off_platform",
      isFirstOfKind: true,
      count: 1,
    });
    expect((await inThread(seller, chat.id, whatsapp.id))?.scamFlag).toEqual({
      kind: "off_platform",
      isFirstOfKind: false,
      count: 2,
    });
  });

  it("is not flagged between people who chatted before, nor as the 'Share my number' card", async () => {
    const [buyer, seller] = await pair();
    const first = await openItemChat(testApp, buyer, seller, "Study table");
    const card = await sendRequest(testApp, buyer.cookie, first.id, {
      type: "number",
      clientId: newClientId(),
    });
    expect(card.statusCode).toBe(201);
    expect(await kindStored(card.json().message.id)).toBeNull();

    const second = await openItemChat(testApp, buyer, seller, "Table lamp");
    const number = await sendText(testApp, buyer, second.id, "Call me on 98765 43210");
    expect(await kindStored(number.id)).toBeNull();
    expect((await inThread(seller, second.id, number.id))?.scamFlag).toBeNull();
  });

  it("is not flagged for the sender's own number when they chose to show it to every student", async () => {
    const [buyer, seller] = await pair();
    await testApp.database.db.update(users).set({ mobileVisibility: "all" }).where(eq(users.id, buyer.id));
    const [row] = await testApp.database.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.id, buyer.id));
    const chat = await openItemChat(testApp, buyer, seller, "Scientific calculator");
    const own = await sendText(testApp, buyer, chat.id, `my number is ${row?.mobile}, call after 5`);
    const other = await sendText(testApp, buyer, chat.id, "or my friend's: 9123456780");
    expect(await kindStored(own.id)).toBeNull();
    expect(await kindStored(other.id)).toBe("off_platform");
  });
});
