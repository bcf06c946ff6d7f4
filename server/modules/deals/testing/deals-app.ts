// The world of the deal tests (offers.test.ts, reservations.test.ts): an app, four students and
// the requests and reads they share. Imported bindings stay live, so tests read the students
// set up by `setUpDealsApp` as they run.
import type { Message, ThreadResponse } from "@shared/api/chats";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { newClientId, openChatRequest, type Student, sendRequest } from "../../../../tests/factories/chats";
import { createStudent } from "../../../../tests/factories/users";
import { get, post } from "../../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { items, notifications, offers } from "../../../db/schema";

export let testApp: TestApp;
export let buyer: Student;
export let seller: Student;
export let other: Student;
export let stranger: Student;

/** Starts the app and the four students before the file's tests, and closes it after them. */
export function setUpDealsApp(): void {
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
}

/** The job's context: the test app's database; live events are stored, the bus is not needed. */
export const jobContext = () => ({
  db: testApp.database.db,
  bus: { publish: async () => {} } as never,
  log: testApp.app.log,
});

export async function dealChat(who: Student, item: { id: string; sellerId: string }) {
  const response = await openChatRequest(testApp, who, item.sellerId, item.id);
  expect(response.statusCode).toBe(200);
  return response.json().chat.id as string;
}

export async function offer(who: Student, chatId: string, offerPrice: number) {
  return sendRequest(testApp, who.cookie, chatId, { type: "offer", clientId: newClientId(), offerPrice });
}

export async function madeOffer(who: Student, chatId: string, offerPrice: number): Promise<Message> {
  const response = await offer(who, chatId, offerPrice);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message;
}

export const answer = (who: Student, chatId: string, offerId: string, action: string) =>
  post(testApp, `/api/chats/${chatId}/offers/${offerId}/${action}`, {}, { cookie: who.cookie });
export const counter = (who: Student, chatId: string, offerId: string, offerPrice: number) =>
  post(
    testApp,
    `/api/chats/${chatId}/offers/${offerId}/counter`,
    { clientId: newClientId(), offerPrice },
    { cookie: who.cookie },
  );
export const thread = async (who: Student, chatId: string): Promise<ThreadResponse> =>
  (await get(testApp, `/api/chats/${chatId}`, { cookie: who.cookie })).json();
export const statusOf = async (offerId: string) =>
  (await testApp.database.db.select().from(offers).where(eq(offers.id, offerId)))[0]?.status;
export const itemRow = async (id: string) =>
  (await testApp.database.db.select().from(items).where(eq(items.id, id)))[0];
export const noticesOf = async (userId: string) =>
  (await testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.text,
  );
export const refusal = (code: string, message: string) => ({ error: { code, message } });
