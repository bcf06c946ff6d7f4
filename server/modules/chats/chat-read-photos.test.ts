import type { ChatSummary, Message, Notification, ThreadResponse } from "@shared/api/chats";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countMessages,
  newClientId,
  openItemChat,
  type Student,
  sendOffer,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { hasGpsDirectory, makeImage, makePhoneJpeg } from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { multipartBody } from "../../../tests/helpers/uploads";

let testApp: TestApp;
let buyer: Student;
let seller: Student;
let stranger: Student;
beforeAll(async () => {
  testApp = await createTestApp();
  [buyer, seller, stranger] = await Promise.all([
    createStudent(testApp, { name: "Kunal Verma" }),
    createStudent(testApp, { name: "Meera Pillai" }),
    createStudent(testApp, { name: "Kabir Singh" }),
  ]);
});
afterAll(() => testApp.close());

const thread = async (user: Student, chatId: string): Promise<ThreadResponse> => {
  const response = await get(testApp, `/api/chats/${chatId}`, { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const chatList = async (user: Student): Promise<ChatSummary[]> => {
  const response = await get(testApp, "/api/chats", { cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().chats;
};

const readChat = (user: Student, chatId: string) =>
  post(testApp, `/api/chats/${chatId}/read`, undefined, { cookie: user.cookie });

/** POST /api/uploads/chat-photo with one file, as the 'Send Photo' button does first. */
async function uploadChatPhoto(user: Student, data: Buffer) {
  const { payload, headers } = await multipartBody([{ data, filename: "IMG_2041.jpg", type: "image/jpeg" }]);
  return testApp.app.inject({
    method: "POST",
    url: "/api/uploads/chat-photo",
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
}

async function photoKey(user: Student, data?: Buffer): Promise<string> {
  const response = await uploadChatPhoto(user, data ?? (await makeImage("jpeg")));
  expect(response.statusCode).toBe(201);
  const url: string = response.json().url;
  return url.split("/").at(-1) ?? "";
}

const sendPhoto = (user: Student, chatId: string, photoId: string, clientId = newClientId()) =>
  sendRequest(testApp, user.cookie, chatId, { type: "photo", clientId, photoId });

describe("read state", () => {
  it("my messages are seen once the other member opens the chat, not before", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Realme Buds Air 5");
    const first = await sendText(testApp, buyer, chat.id, "Hi, are these still available?");
    expect((await thread(buyer, chat.id)).counterpartReadAt).toBeNull();

    expect((await readChat(seller, chat.id)).statusCode).toBe(204);
    const seenAt = (await thread(buyer, chat.id)).counterpartReadAt;
    expect(seenAt).toBe(first.createdAt);
    // The reader's own view says nothing about the buyer having read anything.
    expect((await thread(seller, chat.id)).counterpartReadAt).toBeNull();

    // A later message is not seen until the chat is opened again.
    const second = await sendText(testApp, buyer, chat.id, "I can pick them up today");
    expect((await thread(buyer, chat.id)).counterpartReadAt).toBe(seenAt);
    await readChat(seller, chat.id);
    expect((await thread(buyer, chat.id)).counterpartReadAt).toBe(second.createdAt);
  });

  it("only a member marks a chat read; a stranger is refused and changes nothing", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    await sendText(testApp, buyer, chat.id, "hello");
    const refused = await readChat(stranger, chat.id);
    expect(refused.statusCode).toBe(403);
    expect((await thread(buyer, chat.id)).counterpartReadAt).toBeNull();
    expect((await readChat(stranger, "no_such_chat")).statusCode).toBe(404);
  });

  it("each chat of the list counts its unread messages; the Messages badge is their sum", async () => {
    const [me, first, second] = await Promise.all([
      createStudent(testApp),
      createStudent(testApp, { name: "Rohan Das" }),
      createStudent(testApp),
    ]);
    const one = await openItemChat(testApp, first, me, "Lab coat");
    const two = await openItemChat(testApp, second, me, "Drafter");
    await sendText(testApp, first, one.id, "a");
    await sendText(testApp, first, one.id, "b");
    await sendText(testApp, second, two.id, "c");
    const list = await chatList(me);
    const unread = Object.fromEntries(list.map((chat) => [chat.id, chat.unreadCount]));
    expect(unread).toEqual({ [one.id]: 2, [two.id]: 1 });
    const counts = (await get(testApp, "/api/notifications/counts", { cookie: me.cookie })).json();
    expect(counts.unreadMessages).toBe(3);

    // The list names the item (photo, price, available) and the other member's photo field.
    const entry = list.find((chat) => chat.id === one.id);
    expect(entry?.item).toMatchObject({ price: expect.any(Number), status: "available" });
    expect(entry?.item?.photoUrl).toEqual(expect.any(String));
    expect(entry?.counterpart).toMatchObject({ name: "Rohan Das", photoUrl: null });

    await readChat(me, one.id);
    const after = await chatList(me);
    expect(after.find((chat) => chat.id === one.id)?.unreadCount).toBe(0);
    expect(after.find((chat) => chat.id === two.id)?.unreadCount).toBe(1);
  });
});

describe("photo messages", () => {
  it("a member sends an uploaded photo: re-encoded without GPS, 'Photo' in the list and the notification", async () => {
    const chat = await openItemChat(testApp, buyer, seller, "Hero cycle");
    const upload = await uploadChatPhoto(buyer, await makePhoneJpeg({ width: 200, height: 100 }));
    expect(upload.statusCode).toBe(201);
    const { url, width, height } = upload.json();
    expect(url).toMatch(/^\/api\/files\/chats\/chat-/);
    // Turned upright from the EXIF orientation.
    expect({ width, height }).toEqual({ width: 100, height: 200 });
    // The private bucket is not served at the public file address.
    expect((await get(testApp, url, { cookie: buyer.cookie })).statusCode).toBe(400);

    const key = url.split("/").at(-1);
    const sent = await sendPhoto(buyer, chat.id, key);
    expect(sent.statusCode).toBe(201);
    const message: Message = sent.json().message;
    expect(message).toMatchObject({ type: "photo", text: "", photo: { width: 100, height: 200 } });
    expect(message.photo?.url).toBe(`/api/chats/${chat.id}/photos/${key}`);

    const listed = (await chatList(seller)).find((entry) => entry.id === chat.id);
    expect(listed?.lastMessage).toBe("Photo");
    const notices: Notification[] = (
      await get(testApp, "/api/notifications", { cookie: seller.cookie })
    ).json().notifications;
    expect(notices.find((notice) => notice.chatId === chat.id)?.text).toBe("Kunal Verma: Photo");

    // Both members are served it, full size and as a thumbnail; it carries no GPS position.
    for (const member of [buyer, seller]) {
      const full = await get(testApp, message.photo?.url ?? "", { cookie: member.cookie });
      expect(full.statusCode).toBe(200);
      expect(full.headers["content-type"]).toMatch(/^image\//);
      expect(full.headers["cache-control"]).toBe("no-store");
      expect(hasGpsDirectory((await sharp(full.rawPayload).metadata()).exif)).toBe(false);
      const thumb = await get(testApp, `${message.photo?.url}?variant=thumb`, { cookie: member.cookie });
      expect(thumb.statusCode).toBe(200);
    }
  });

  it("only the chat's members see its photos; nobody sends a photo they did not upload", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    const key = await photoKey(buyer);
    const sent = await sendPhoto(buyer, chat.id, key);
    expect(sent.statusCode).toBe(201);
    const url: string = sent.json().message.photo.url;

    expect((await get(testApp, url)).statusCode).toBe(401);
    expect((await get(testApp, url, { cookie: stranger.cookie })).statusCode).toBe(403);
    expect((await get(testApp, `${url}?variant=thumb`, { cookie: stranger.cookie })).statusCode).toBe(403);

    // A member of another chat cannot read this photo through their own chat.
    const strangersChat = await openItemChat(testApp, stranger, seller);
    const through = `/api/chats/${strangersChat.id}/photos/${key}`;
    expect((await get(testApp, through, { cookie: stranger.cookie })).statusCode).toBe(404);

    // Someone else's upload, or no upload at all, cannot be sent.
    const strangersKey = await photoKey(stranger);
    const borrowed = await sendPhoto(buyer, chat.id, strangersKey);
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().error.message).toBe("Please choose a photo to send.");
    expect((await sendPhoto(buyer, chat.id, "chat-1-missing.webp")).statusCode).toBe(400);
    expect((await sendPhoto(buyer, chat.id, "../../etc/passwd")).statusCode).toBe(400);
    // A stranger cannot post their photo into the chat.
    expect((await sendPhoto(stranger, chat.id, strangersKey)).statusCode).toBe(403);
    expect(await countMessages(testApp, chat.id)).toBe(1);
    // An unknown variant is a clear 400.
    expect((await get(testApp, `${url}?variant=huge`, { cookie: buyer.cookie })).statusCode).toBe(400);
  });

  it("a file that is not an image is refused with a clear message", async () => {
    const response = await uploadChatPhoto(buyer, Buffer.from("not an image at all, just text"));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBeTruthy();
  });
});

describe("idempotent sends", () => {
  it("a photo or a text sent again with the same clientId (a lost answer) is stored once", async () => {
    const chat = await openItemChat(testApp, buyer, seller);
    const key = await photoKey(buyer);
    const clientId = newClientId();
    const first = await sendPhoto(buyer, chat.id, key, clientId);
    const again = await sendPhoto(buyer, chat.id, key, clientId);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().message.id).toBe(first.json().message.id);

    const textId = newClientId();
    const body = { type: "text", clientId: textId, text: "Sent while offline" };
    const texts = await Promise.all([1, 2, 3].map(() => sendRequest(testApp, buyer.cookie, chat.id, body)));
    expect(texts.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await countMessages(testApp, chat.id)).toBe(2);
  });
});

describe("grouped notifications", () => {
  it("each notification names its sender and what its chat is about, so a chat's are shown as one row", async () => {
    const [me, kunal] = await Promise.all([
      createStudent(testApp),
      createStudent(testApp, { name: "Kunal Shah" }),
    ]);
    const chat = await openItemChat(testApp, kunal, me, "Realme Buds Air 5");
    await sendText(testApp, kunal, chat.id, "Hi");
    await sendText(testApp, kunal, chat.id, "Are they still available?");
    await sendOffer(testApp, kunal, chat.id, 1500);
    const list: Notification[] = (await get(testApp, "/api/notifications", { cookie: me.cookie })).json()
      .notifications;
    expect(list).toHaveLength(3);
    for (const notice of list) {
      expect(notice).toMatchObject({ chatId: chat.id, fromName: "Kunal Shah", about: "Realme Buds Air 5" });
    }
    // Opening the chat (the grouped row's link) marks all three read.
    await readChat(me, chat.id);
    const after: Notification[] = (await get(testApp, "/api/notifications", { cookie: me.cookie })).json()
      .notifications;
    expect(after.every((notice) => notice.read)).toBe(true);
  });
});
