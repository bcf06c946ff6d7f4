import type { Message, ThreadResponse } from "@shared/api/chats";
import type { LiveFrame } from "@shared/live-events";
import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newClientId,
  openItemChat,
  type Student,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { makeImage } from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../../../tests/helpers/live";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { multipartBody } from "../../../tests/helpers/uploads";
import { messages, uploads } from "../../db/schema";
import { checkForQrCode } from "../uploads/qr-code";

// Issue 18, "Scam guard in chat": the server flags a message that asks for money outside a
// handover or for payment credentials, and a photo that holds a QR code. The recipient sees the
// warning (scamWarning in the REST thread and the live frame); the sender never does, and ordinary
// messages are not flagged.

let testApp: TestApp;
let baseUrl: string;
let buyer: Student;
let seller: Student;
let buyerLive: LiveClient;
let sellerLive: LiveClient;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
  [buyer, seller] = await Promise.all([
    createStudent(testApp, { name: "Fake Buyer" }),
    createStudent(testApp, { name: "Ananya Rao" }),
  ]);
  [buyerLive, sellerLive] = await Promise.all([
    connectLive(baseUrl, buyer.cookie),
    connectLive(baseUrl, seller.cookie),
  ]);
});
afterAll(async () => {
  await Promise.all([buyerLive?.close(), sellerLive?.close()]);
  await testApp.close();
});

const thread = async (user: Student, chatId: string): Promise<ThreadResponse> => {
  const response = await get(testApp, `/api/chats/${chatId}`, { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toContain("no-store");
  return response.json();
};

/** The live copy of a message one member received. */
async function liveCopy(live: LiveClient, messageId: string): Promise<Message> {
  const isIt = (frame: LiveFrame) => frame.type === "message.created" && frame.data.message.id === messageId;
  const frame = await live.waitFor(isIt, `message.created for ${messageId}`);
  if (frame.type !== "message.created") throw new Error("not a message frame");
  return frame.data.message;
}

async function signalsStored(messageId: string): Promise<string[]> {
  const [row] = await testApp.database.db
    .select({ signals: messages.scamSignals })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row?.signals ?? [];
}

/** A UPI payment QR, as a fake buyer screenshots it "to send you the money". */
const upiQr = (size = 260) =>
  QRCode.toBuffer("upi://pay?pa=fakebuyer@ybl&pn=Buyer&am=1500&cu=INR", { width: size, margin: 2 });

/** A phone photo of a QR code on a poster: the code small, off-centre, on a textured background. */
async function photoOfQr(): Promise<Buffer> {
  const code = await sharp(await upiQr(220))
    .rotate(8, { background: "#d8cfc4" })
    .toBuffer();
  const background = await sharp({
    create: { width: 1400, height: 1000, channels: 3, background: "#b59a7f" },
  })
    .composite([
      { input: await makeImage("png", { width: 500, height: 400 }), left: 40, top: 60 },
      { input: code, left: 820, top: 520 },
    ])
    .jpeg({ quality: 72 })
    .toBuffer();
  return background;
}

async function uploadChatPhoto(user: Student, data: Buffer): Promise<string> {
  const { payload, headers } = await multipartBody([{ data, filename: "IMG_7731.jpg", type: "image/jpeg" }]);
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/uploads/chat-photo",
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
  expect(response.statusCode).toBe(201);
  // The answer says nothing about the scan: the sender is never told what the guard saw.
  expect(Object.keys(response.json()).sort()).toEqual(["bytes", "height", "url", "width"]);
  return (response.json().url as string).split("/").at(-1) ?? "";
}

async function sendPhoto(user: Student, chatId: string, photoId: string): Promise<Message> {
  const response = await sendRequest(testApp, user.cookie, chatId, {
    type: "photo",
    clientId: newClientId(),
    photoId,
  });
  expect(response.statusCode).toBe(201);
  return response.json().message;
}

describe("the QR reader", () => {
  it("finds a QR code alone, in a photo of a poster, and nothing in an ordinary photo", async () => {
    expect(await checkForQrCode(await upiQr())).toBe("flagged");
    expect(await checkForQrCode(await photoOfQr())).toBe("flagged");
    expect(await checkForQrCode(await makeImage("jpeg", { width: 1200, height: 900 }))).toBe("clean");
  });
});

describe("a flagged text", () => {
  it("reaches the recipient with the warning, by REST and live; the sender's copies carry none", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Boat Rockerz 450");
    const sent = await sendText(
      testApp,
      buyer,
      chat.id,
      "I will pay now. Scan the QR I send and enter your UPI PIN to receive ₹1500",
    );
    expect(sent.scamWarning).toBe(false);
    expect(await signalsStored(sent.id)).toEqual(["collect_request", "qr_scan", "pin"]);

    const [sellerThread, buyerThread] = await Promise.all([thread(seller, chat.id), thread(buyer, chat.id)]);
    expect(sellerThread.messages.find((m) => m.id === sent.id)?.scamWarning).toBe(true);
    expect(buyerThread.messages.find((m) => m.id === sent.id)?.scamWarning).toBe(false);

    expect((await liveCopy(sellerLive, sent.id)).scamWarning).toBe(true);
    expect((await liveCopy(buyerLive, sent.id)).scamWarning).toBe(false);
  });

  it("flags Hinglish and a UPI ID, but not an ordinary reply or an e-mail address", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Hero Sprint cycle");
    const advance = await sendText(testApp, buyer, chat.id, "500 advance bhejo fakebuyer@okaxis pe");
    const ordinary = await sendText(testApp, seller, chat.id, "can you do 400? meet at the library at 5");
    const email = await sendText(testApp, seller, chat.id, "or mail me at ananya.rao@gmail.com");

    expect(await signalsStored(advance.id)).toEqual(["upi_id", "advance_payment"]);
    expect(await signalsStored(ordinary.id)).toEqual([]);
    expect(await signalsStored(email.id)).toEqual([]);

    const sellerView = await thread(seller, chat.id);
    const buyerView = await thread(buyer, chat.id);
    const warned = (view: ThreadResponse) => view.messages.filter((m) => m.scamWarning).map((m) => m.id);
    expect(warned(sellerView)).toEqual([advance.id]);
    expect(warned(buyerView)).toEqual([]);

    expect((await liveCopy(buyerLive, ordinary.id)).scamWarning).toBe(false);
    expect((await liveCopy(buyerLive, email.id)).scamWarning).toBe(false);
    expect((await liveCopy(sellerLive, advance.id)).scamWarning).toBe(true);
  });

  it("a retried send answers the sender's copy again, still without the warning", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Casio watch");
    const body = { type: "text", clientId: newClientId(), text: "Share the OTP you just got" };
    const first = await sendRequest(testApp, buyer.cookie, chat.id, body);
    const again = await sendRequest(testApp, buyer.cookie, chat.id, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatchObject({ id: first.json().message.id, scamWarning: false });
    expect(await signalsStored(first.json().message.id)).toEqual(["otp"]);
  });
});

describe("a disguised or split text", () => {
  it("is stored without hidden characters and flagged through look-alike letters", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Scientific calculator");
    // A zero-width space and a soft hyphen inside the words, a Cyrillic 'О' in 'OTP'.
    const sent = await sendText(
      testApp,
      buyer,
      chat.id,
      "Sh\u200bare the \u041e\u00adTP, pay on rahul @ ybl",
    );
    expect(sent.text).toBe("Share the \u041eTP, pay on rahul @ ybl");
    const [row] = await testApp.database.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.id, sent.id));
    expect(row?.text).toBe("Share the \u041eTP, pay on rahul @ ybl");
    expect(await signalsStored(sent.id)).toEqual(["upi_id", "otp"]);
    const shortLink = await sendText(testApp, buyer, chat.id, "to receive open bit[.]ly/rcv-2000");
    expect(await signalsStored(shortLink.id)).toEqual(["short_link"]);
  });

  it("a UPI ID split over the sender's last two messages warns under the second", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Study table");
    const first = await sendText(testApp, buyer, chat.id, "ok send it to rahul.k@");
    const second = await sendText(testApp, buyer, chat.id, "okaxis");
    expect(await signalsStored(first.id)).toEqual([]);
    expect(await signalsStored(second.id)).toEqual(["upi_id"]);
    const sellerView = await thread(seller, chat.id);
    expect(sellerView.messages.find((m) => m.id === second.id)?.scamWarning).toBe(true);
    expect((await liveCopy(sellerLive, second.id)).scamWarning).toBe(true);
  });

  it("is not pieced together from the other member's words, another chat or an old message", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Desk lamp");
    const other = await openItemChat(testApp, buyer, seller, "Extension board");
    await sendText(testApp, seller, chat.id, "my friend is rahul@");
    const fromBuyer = await sendText(testApp, buyer, chat.id, "ybl?");
    expect(await signalsStored(fromBuyer.id)).toEqual([]);

    await sendText(testApp, buyer, other.id, "note it: priya@");
    const elsewhere = await sendText(testApp, buyer, chat.id, "ybl haha");
    expect(await signalsStored(elsewhere.id)).toEqual([]);

    const old = await sendText(testApp, buyer, chat.id, "send to amit@");
    await testApp.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(messages.id, old.id));
    const late = await sendText(testApp, buyer, chat.id, "oksbi");
    expect(await signalsStored(late.id)).toEqual([]);
    // Within the window the same words are one UPI ID.
    await sendText(testApp, buyer, chat.id, "send to amit@");
    const soon = await sendText(testApp, buyer, chat.id, "oksbi");
    expect(await signalsStored(soon.id)).toEqual(["upi_id"]);
  });
});

describe("a photo with a QR code", () => {
  it("is flagged for the recipient, by REST and live; an ordinary photo is not", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Lenovo IdeaPad charger");
    const qrKey = await uploadChatPhoto(buyer, await photoOfQr());
    const plainKey = await uploadChatPhoto(buyer, await makeImage("jpeg", { width: 800, height: 600 }));

    const [qrRow] = await testApp.database.db
      .select({ qrCheck: uploads.qrCheck })
      .from(uploads)
      .where(and(eq(uploads.bucket, "chats"), eq(uploads.key, qrKey)));
    expect(qrRow?.qrCheck).toBe("flagged");

    const qrPhoto = await sendPhoto(buyer, chat.id, qrKey);
    const plainPhoto = await sendPhoto(buyer, chat.id, plainKey);
    expect(qrPhoto.scamWarning).toBe(false);
    expect(await signalsStored(qrPhoto.id)).toEqual(["qr_photo"]);
    expect(await signalsStored(plainPhoto.id)).toEqual([]);

    const sellerView = await thread(seller, chat.id);
    expect(sellerView.messages.find((m) => m.id === qrPhoto.id)).toMatchObject({
      scamWarning: true,
      photoCheck: "flagged",
    });
    expect(sellerView.messages.find((m) => m.id === plainPhoto.id)).toMatchObject({
      scamWarning: false,
      photoCheck: null,
    });
    expect((await thread(buyer, chat.id)).messages.every((m) => !m.scamWarning && !m.photoCheck)).toBe(true);

    expect(await liveCopy(sellerLive, qrPhoto.id)).toMatchObject({
      scamWarning: true,
      photoCheck: "flagged",
    });
    expect(await liveCopy(sellerLive, plainPhoto.id)).toMatchObject({ scamWarning: false, photoCheck: null });
    expect(await liveCopy(buyerLive, qrPhoto.id)).toMatchObject({ scamWarning: false, photoCheck: null });
  });

  it("an item photo is not read for QR codes (only chat photos are)", async () => {
    const { payload, headers } = await multipartBody([
      { data: await upiQr(), filename: "poster.png", type: "image/png" },
    ]);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/images",
      payload,
      headers: { ...headers, cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(201);
    const key = (response.json().url as string).split("/").at(-1) ?? "";
    const [row] = await testApp.database.db
      .select({ qrCheck: uploads.qrCheck })
      .from(uploads)
      .where(and(eq(uploads.bucket, "images"), eq(uploads.key, key)));
    expect(row?.qrCheck).toBeNull();
  });
});

describe("the safety card", () => {
  it("opens the first conversation between two people, for both, and not a later one", async () => {
    const [newBuyer, newSeller] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const first = await openItemChat(testApp, newBuyer, newSeller, "Drafter");
    expect((await thread(newBuyer, first.id)).isNewContact).toBe(true);
    expect((await thread(newSeller, first.id)).isNewContact).toBe(true);

    const second = await openItemChat(testApp, newBuyer, newSeller, "Lab coat");
    expect((await thread(newBuyer, second.id)).isNewContact).toBe(false);
    expect((await thread(newSeller, second.id)).isNewContact).toBe(false);
    // The first stays what it was: the card is part of how that conversation began.
    expect((await thread(newBuyer, first.id)).isNewContact).toBe(true);
  });
});
