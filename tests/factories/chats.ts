import { randomUUID } from "node:crypto";
import type { ChatSummary, Message } from "@shared/api/chats";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { chatMembers, chats, messages, notifications } from "../../server/db/schema";
import { post } from "../helpers/api";
import type { TestApp } from "../helpers/test-app";
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

/** Sends a text and returns the stored message; fails unless the server answers 201. */
export async function sendText(testApp: TestApp, sender: Student, chatId: string, text: string) {
  const response = await sendRequest(testApp, sender.cookie, chatId, {
    type: "text",
    clientId: newClientId(),
    text,
  });
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json().message as Message;
}

/** Sends a price offer and returns the stored message; fails unless the server answers 201. */
export async function sendOffer(testApp: TestApp, sender: Student, chatId: string, offerPrice: number) {
  const response = await sendRequest(testApp, sender.cookie, chatId, {
    type: "offer",
    clientId: newClientId(),
    offerPrice,
  });
  if (response.statusCode !== 201) throw new Error(`offer failed: ${response.statusCode} ${response.body}`);
  return response.json().message as Message;
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
