import { randomUUID } from "node:crypto";
import type { ChatSummary, Message } from "@shared/api/chats";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { chatMembers, chats, messages, notifications } from "../../server/db/schema";
import { post } from "../helpers/api";
import type { TestApp } from "../helpers/test-app";
import { multipartBody } from "../helpers/uploads";
import { insertItem } from "./items";
import type { createStudent } from "./users";

export type Student = Awaited<ReturnType<typeof createStudent>>;

/** A fresh client-generated message id, as the browser makes one per message. */
export const newClientId = () => `c-${randomUUID()}`;

/** POST /api/chats: the buyer opens the chat with the seller about an item. */
export function openChatRequest(testApp: TestApp, buyer: Student, sellerId: string, itemId: string) {
  return post(testApp, "/api/chats", { userId: sellerId, itemId }, { cookie: buyer.cookie });
}

/** Lists an item for the seller and opens the buyer's chat about it; returns the chat. */
export async function openItemChat(
  testApp: TestApp,
  buyer: Student,
  seller: Student,
  productName = "Casio fx-991EX calculator",
): Promise<ChatSummary> {
  const item = await insertItem(testApp, seller.id, { productName });
  const response = await openChatRequest(testApp, buyer, seller.id, item.id);
  if (response.statusCode !== 200)
    throw new Error(`open chat failed: ${response.statusCode} ${response.body}`);
  return response.json().chat;
}

export function sendRequest(
  testApp: TestApp,
  cookie: string,
  chatId: string,
  body: object,
): Promise<LightMyRequestResponse> {
  return post(testApp, `/api/chats/${chatId}/messages`, body, { cookie });
}

/** Sends one message of any kind and returns the stored message; fails unless the server answers 201. */
async function sendCreated(
  testApp: TestApp,
  sender: Student,
  chatId: string,
  body: object,
): Promise<Message> {
  const response = await sendRequest(testApp, sender.cookie, chatId, { clientId: newClientId(), ...body });
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json().message as Message;
}

/** Sends a text and returns the stored message; fails unless the server answers 201. */
export function sendText(testApp: TestApp, sender: Student, chatId: string, text: string) {
  return sendCreated(testApp, sender, chatId, { type: "text", text });
}

/** Sends a price offer and returns the stored message; fails unless the server answers 201. */
export function sendOffer(testApp: TestApp, sender: Student, chatId: string, offerPrice: number) {
  return sendCreated(testApp, sender, chatId, { type: "offer", offerPrice });
}

/** Sends a photo uploaded by `sender` and returns the stored message; fails unless the server answers 201. */
export function sendPhoto(testApp: TestApp, sender: Student, chatId: string, photoId: string) {
  return sendCreated(testApp, sender, chatId, { type: "photo", photoId });
}

/**
 * Uploads a chat photo as `sender` (POST /api/uploads/chat-photo) and returns its key, the photoId
 * a photo send names; fails unless the server answers 201.
 */
export async function uploadChatPhoto(testApp: TestApp, sender: Student, data: Buffer): Promise<string> {
  const { payload, headers } = await multipartBody([{ data, filename: "IMG_2211.jpg", type: "image/jpeg" }]);
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/uploads/chat-photo",
    payload,
    headers: { ...headers, cookie: sender.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return String(response.json().url).split("/").at(-1) ?? "";
}

export async function countMessages(testApp: TestApp, chatId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  return row?.n ?? 0;
}

export async function countChatRows(testApp: TestApp, chatId: string) {
  const db = testApp.database.db;
  const [chatRow] = await db.select({ n: count() }).from(chats).where(eq(chats.id, chatId));
  const members = await db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId));
  return { chats: chatRow?.n ?? 0, members: members.map((m) => m.userId).sort() };
}

export async function notificationRowsOf(testApp: TestApp, userId: string) {
  return testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}
