import { DEAL_MESSAGES, replyTimeLabel } from "@shared/deals-constants";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChatRequest, type Student, sendText } from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { items, messages, ratings } from "../../db/schema";

let testApp: TestApp;
let buyer: Student;
let seller: Student;
let stranger: Student;
beforeAll(async () => {
  testApp = await createTestApp();
  [buyer, seller, stranger] = await Promise.all([
    createStudent(testApp, { name: "Aarav Mehta" }),
    createStudent(testApp, { name: "Kunal Shah" }),
    createStudent(testApp, { name: "Kabir Singh" }),
  ]);
});
afterAll(() => testApp.close());

async function soldItem(productName = "Drawing board") {
  const item = await insertItem(testApp, seller.id, { productName });
  const opened = await openChatRequest(testApp, buyer, seller.id, item.id);
  expect(opened.statusCode).toBe(200);
  // Only someone who wrote about the item can be named its buyer.
  await sendText(testApp, buyer, opened.json().chat.id, "I'll take it.");
  const sold = await post(
    testApp,
    `/api/items/${item.id}/sold`,
    { buyerId: buyer.id },
    { cookie: seller.cookie },
  );
  expect(sold.statusCode).toBe(200);
  return item;
}
const rate = (who: Student, itemId: string, stars: number, comment = "") =>
  post(testApp, `/api/items/${itemId}/ratings`, { stars, comment }, { cookie: who.cookie });
const dealRatings = (who: Student, itemId: string) =>
  get(testApp, `/api/items/${itemId}/ratings`, { cookie: who.cookie });
const reputation = async (userId: string) =>
  (await get(testApp, `/api/users/${userId}/reputation`, { cookie: stranger.cookie })).json().reputation;
const countRatings = async () => (await testApp.database.db.select().from(ratings)).length;
const refusal = (code: string, message: string) => ({ error: { code, message } });

describe("ratings after a real deal", () => {
  it("refuses a rating without a sale, and by someone outside the deal", async () => {
    const unsold = await insertItem(testApp, seller.id);
    const before = await countRatings();
    const response = await rate(buyer, unsold.id, 5);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal("forbidden", DEAL_MESSAGES.cannotRate));
    const item = await soldItem();
    expect((await rate(stranger, item.id, 1)).statusCode).toBe(403);
    expect(await countRatings()).toBe(before);
  });

  it("is double-blind: neither sees the other's until both rated; rating twice is refused", async () => {
    const item = await soldItem("Lab coat");
    expect((await rate(buyer, item.id, 5, "Friendly and on time")).statusCode).toBe(204);
    const twice = await rate(buyer, item.id, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refusal("conflict", DEAL_MESSAGES.alreadyRated));
    // The seller cannot read the buyer's rating yet, nor can anyone on the profile.
    expect((await dealRatings(seller, item.id)).json()).toEqual({ mine: null, theirs: null });
    expect((await reputation(seller.id)).reviews).toEqual([]);
    expect((await dealRatings(stranger, item.id)).statusCode).toBe(403);
    expect((await rate(seller, item.id, 4)).statusCode).toBe(204);
    const seen = (await dealRatings(seller, item.id)).json();
    expect(seen.theirs).toMatchObject({ stars: 5, comment: "Friendly and on time", itemName: "Lab coat" });
    const shown = await reputation(seller.id);
    expect(shown.reviews[0]).toMatchObject({ raterName: "Aarav Mehta", stars: 5, itemName: "Lab coat" });
    expect(shown.itemsSold).toBeGreaterThan(0);
  });

  it("reveals a lone rating once 14 days passed, and refuses rating after them", async () => {
    const item = await soldItem("Set square");
    expect((await rate(buyer, item.id, 3)).statusCode).toBe(204);
    const past = sql`now() - interval '15 days'`;
    await testApp.database.db.update(items).set({ soldAt: past }).where(eq(items.id, item.id));
    await testApp.database.db.update(ratings).set({ dealAt: past }).where(eq(ratings.itemId, item.id));
    expect((await dealRatings(seller, item.id)).json().theirs).toMatchObject({ stars: 3 });
    const late = await rate(seller, item.id, 5);
    expect(late.statusCode).toBe(403);
  });

  it("shows 'New on Campus Bazaar' below three ratings, the average from three", async () => {
    const fresh = await createStudent(testApp, { name: "Meera Iyer" });
    expect(await reputation(fresh.id)).toMatchObject({ average: null, count: 0 });
    for (const stars of [5, 4, 5]) {
      await testApp.database.db.insert(ratings).values({
        itemName: "Book",
        raterId: buyer.id,
        rateeId: fresh.id,
        stars,
        dealAt: new Date(Date.now() - 20 * 86_400_000),
      });
    }
    expect(await reputation(fresh.id)).toMatchObject({ average: 4.7, count: 3 });
    const item = await insertItem(testApp, fresh.id);
    const detail = (await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie })).json();
    expect(detail.item.sellerRating).toEqual({ average: 4.7, count: 3 });
  });

  it("a review can be reported, and the administrator removes it through the report", async () => {
    const [row] = await testApp.database.db
      .insert(ratings)
      .values({
        itemName: "Lamp",
        raterId: buyer.id,
        rateeId: seller.id,
        stars: 1,
        comment: "Rude",
        dealAt: new Date(),
      })
      .returning();
    const id = row?.id ?? "";
    const own = await post(
      testApp,
      "/api/reports",
      { targetType: "rating", targetId: id, reason: "Harassment or hate" },
      { cookie: buyer.cookie },
    );
    expect(own.statusCode).toBe(400);
    const reported = await post(
      testApp,
      "/api/reports",
      { targetType: "rating", targetId: id, reason: "Harassment or hate" },
      { cookie: seller.cookie },
    );
    expect(reported.statusCode).toBe(201);
    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const queue = (await get(testApp, "/api/admin/reports", { cookie: adminCookie })).json();
    const group = queue.groups.find((g: { targetId: string }) => g.targetId === id);
    expect(group).toMatchObject({ targetType: "rating", isContentPresent: true });
    expect(group.messages[0].text).toBe("1 of 5 stars for Lamp: Rude");
    const removed = await post(
      testApp,
      `/api/admin/reports/${group.id}/action`,
      { action: "remove", reason: "Abusive words." },
      { cookie: adminCookie },
    );
    expect(removed.statusCode).toBe(200);
    expect(await testApp.database.db.select().from(ratings).where(eq(ratings.id, id))).toHaveLength(0);
  });

  it("says how soon a seller usually replies (median first reply, 30 days, from 3 chats) and how many items they sold", async () => {
    const quick = await createStudent(testApp, { name: "Tara Joshi" });
    const minutesAfter = [10, 30, 200];
    for (const [index, minutes] of minutesAfter.entries()) {
      const item = await insertItem(testApp, quick.id, { productName: `Book ${index}` });
      const chatId = (await openChatRequest(testApp, buyer, quick.id, item.id)).json().chat.id as string;
      const asked = new Date(Date.now() - 24 * 60 * 60 * 1000);
      await testApp.database.db.insert(messages).values([
        { chatId, senderId: buyer.id, clientId: `q-${chatId}`, type: "text", text: "Hi", createdAt: asked },
        {
          chatId,
          senderId: quick.id,
          clientId: `a-${chatId}`,
          type: "text",
          text: "Hello",
          createdAt: new Date(asked.getTime() + minutes * 60_000),
        },
      ]);
    }
    expect(await reputation(quick.id)).toMatchObject({ replyMinutes: 30, itemsSold: 0 });
    expect(replyTimeLabel(30)).toBe("Usually replies within an hour");
    expect(replyTimeLabel(200)).toBe("Usually replies within a few hours");
    expect(replyTimeLabel(900)).toBe("Usually replies within a day");
    expect(replyTimeLabel(24 * 60)).toBe("Usually replies within a day");
    expect(replyTimeLabel(24 * 60 + 1)).toBeNull();
    expect(replyTimeLabel(3 * 24 * 60)).toBeNull();
    expect(await reputation(seller.id)).toMatchObject({ replyMinutes: null });
  });

  it("the administrator removes a rating; a student cannot", async () => {
    const [row] = await testApp.database.db
      .insert(ratings)
      .values({ itemName: "Pen", raterId: buyer.id, rateeId: stranger.id, stars: 1, dealAt: new Date() })
      .returning();
    const id = row?.id ?? "";
    const byStudent = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/ratings/${id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(byStudent.statusCode).toBe(403);
    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const byAdmin = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/ratings/${id}`,
      headers: { cookie: adminCookie },
    });
    expect(byAdmin.statusCode).toBe(204);
    expect(await testApp.database.db.select().from(ratings).where(eq(ratings.id, id))).toHaveLength(0);
  });
});
