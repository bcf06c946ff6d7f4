import { randomUUID } from "node:crypto";
import { LISTING_TEXTS, MAX_ACTIVE_LISTINGS, MAX_SAVED_SEARCHES } from "@shared/listing-texts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { buildSellForm, findItemRow, postItem, sendItem } from "../../../tests/factories/sell";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { uploadedImageUrls } from "../../../tests/helpers/uploads";
import { items, jobState, notifications, savedSearches, userBlocks, users } from "../../db/schema";
import { runListingsJobOnce } from "../../jobs/listings";
import {
  expireListings,
  matchSavedSearches,
  notifySavedSearches,
  warnExpiringListings,
} from "./listings-work";

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createStudent>>;
let buyer: Awaited<ReturnType<typeof createStudent>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" }, { startWorkers: false });
  seller = await createStudent(testApp, { name: "Ishita Rao", mobile: "9123456780" });
  buyer = await createStudent(testApp, { name: "Kabir Singh" });
});
afterAll(async () => {
  await testApp.close();
});

const photos = (count: number, cookie = seller.cookie) => uploadedImageUrls(testApp, cookie, count);

const notificationsOf = (userId: string) =>
  testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("freshness: 30 days, a warning 3 days ahead, renewal", () => {
  async function freshItem(expiresAt: Date) {
    const item = await insertItem(testApp, seller.id, { productName: `Lamp ${randomUUID().slice(0, 8)}` });
    await testApp.database.db.update(items).set({ expiresAt }).where(eq(items.id, item.id));
    return item;
  }
  const browseNames = async (search: string) =>
    (await get(testApp, `/api/items?search=${encodeURIComponent(search)}`, { cookie: buyer.cookie }))
      .json()
      .items.map((each: { productName: string }) => each.productName);

  it("a new listing expires 30 days after posting", async () => {
    const [url] = await photos(1);
    const before = Date.now();
    const item = await postItem(testApp, seller.cookie, buildSellForm(url as string));
    const row = await findItemRow(testApp, item.id);
    const days = ((row?.expiresAt.getTime() ?? 0) - before) / DAY;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it("warns the seller once, from exactly 3 days before", async () => {
    const now = new Date();
    const item = await freshItem(new Date(now.getTime() + 3 * DAY + 1000));
    const text = LISTING_TEXTS.expiresSoon(item.productName);
    const count = async () => (await notificationsOf(seller.id)).filter((n) => n.text === text).length;
    await warnExpiringListings(jobContext(), now);
    expect(await count()).toBe(0);
    const atBoundary = new Date(now.getTime() + 1000);
    await warnExpiringListings(jobContext(), atBoundary);
    expect(await count()).toBe(1);
    await warnExpiringListings(jobContext(), new Date(atBoundary.getTime() + DAY));
    expect(await count()).toBe(1);
    const [notice] = (await notificationsOf(seller.id)).filter((n) => n.text === text);
    expect(notice).toMatchObject({ type: "listing", itemId: item.id });
  });

  it("expires at the boundary, leaves browse, shows as expired, and renewal brings it back fresh", async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const item = await freshItem(expiresAt);
    await expireListings(jobContext(), new Date(expiresAt.getTime() - 1));
    expect((await findItemRow(testApp, item.id))?.isActive).toBe(true);
    expect(await browseNames(item.productName)).toEqual([item.productName]);
    await expireListings(jobContext(), expiresAt);
    const row = await findItemRow(testApp, item.id);
    expect(row).toMatchObject({ isActive: false, isSold: false });
    expect(await browseNames(item.productName)).toEqual([]);
    const own = (await get(testApp, "/api/me/items", { cookie: seller.cookie })).json().items;
    expect(own.find((each: { id: string }) => each.id === item.id)).toMatchObject({
      isExpired: true,
      abilities: { canRenew: true, canEdit: false },
    });

    // Another student cannot renew it, and nothing changes.
    const refused = await post(testApp, `/api/items/${item.id}/renew`, undefined, { cookie: buyer.cookie });
    expect(refused.statusCode).toBe(403);
    expect(await findItemRow(testApp, item.id)).toEqual(row);

    const renewed = await post(testApp, `/api/items/${item.id}/renew`, undefined, { cookie: seller.cookie });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().item).toMatchObject({ isActive: true, isExpired: false });
    const after = await findItemRow(testApp, item.id);
    expect(((after?.expiresAt.getTime() ?? 0) - Date.now()) / DAY).toBeGreaterThan(29.99);
    expect(after?.expiryWarnedAt).toBeNull();
    expect((after?.createdAt.getTime() ?? 0) > (row?.createdAt.getTime() ?? 0)).toBe(true);
    expect(await browseNames(item.productName)).toEqual([item.productName]);
  });

  it("renews only when due: a fresh listing is refused and unchanged, one in its last 3 days is renewed", async () => {
    const day = 24 * 60 * 60 * 1000;
    const fresh = await insertItem(testApp, seller.id, { expiresAt: new Date(Date.now() + 10 * day) });
    const refused = await post(testApp, `/api/items/${fresh.id}/renew`, undefined, { cookie: seller.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "This listing is still fresh: you can renew it in its last 3 days or once it has expired.",
    );
    expect((await findItemRow(testApp, fresh.id))?.expiresAt).toEqual(fresh.expiresAt);
    const detail = await get(testApp, `/api/items/${fresh.id}`, { cookie: seller.cookie });
    expect(detail.json().item.abilities.canRenew).toBe(false);

    const due = await insertItem(testApp, seller.id, { expiresAt: new Date(Date.now() + 2 * day) });
    expect(
      (await get(testApp, `/api/items/${due.id}`, { cookie: seller.cookie })).json().item.abilities,
    ).toMatchObject({ canRenew: true });
    const renewed = await post(testApp, `/api/items/${due.id}/renew`, undefined, { cookie: seller.cookie });
    expect(renewed.statusCode).toBe(200);
    const row = await findItemRow(testApp, due.id);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * day);
  });

  it("a listing that lapsed while the server was down is expired when it starts, its seller told it has expired", async () => {
    const lapsed = await insertItem(testApp, seller.id, {
      productName: `Kettle ${randomUUID().slice(0, 8)}`,
      expiresAt: new Date(Date.now() - DAY),
    });
    expect(await browseNames(lapsed.productName)).toEqual([lapsed.productName]);

    const started = await createTestAppOn(testApp.database);
    try {
      const browse = await get(started, `/api/items?search=${encodeURIComponent(lapsed.productName)}`, {
        cookie: buyer.cookie,
      });
      expect(browse.json().items).toEqual([]);
      const own = (await get(started, "/api/me/items", { cookie: seller.cookie })).json().items;
      expect(own.find((each: { id: string }) => each.id === lapsed.id)).toMatchObject({
        isActive: false,
        isExpired: true,
        abilities: { canRenew: true },
      });
      expect(await findItemRow(started, lapsed.id)).toMatchObject({ isActive: false, isSold: false });
      const notices = (await notificationsOf(seller.id)).filter((n) => n.itemId === lapsed.id);
      expect(notices).toMatchObject([
        { type: "listing", text: LISTING_TEXTS.hasExpired(lapsed.productName) },
      ]);
    } finally {
      await started.stop();
    }
  });

  it("a sold listing cannot be renewed", async () => {
    const item = await insertItem(testApp, seller.id, { isActive: false, isSold: true, soldAt: new Date() });
    const response = await post(testApp, `/api/items/${item.id}/renew`, undefined, { cookie: seller.cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(LISTING_TEXTS.notExpiring);
  });
});

describe("at most 50 active listings per student", () => {
  it("refuses the 51st and a renewal past the cap; sold ones do not count", async () => {
    const student = await createStudent(testApp, { name: "Meera Das" });
    const [url] = await photos(1, student.cookie);
    await testApp.database.db.insert(items).values(
      Array.from({ length: MAX_ACTIVE_LISTINGS - 1 }, (_, index) => ({
        sellerId: student.id,
        productName: `Book ${index}`,
        productImage: "https://images.example.in/book.jpg",
        type: "Book",
        price: 100,
        category: "books" as const,
        condition: "used" as const,
      })),
    );
    const expired = await insertItem(testApp, student.id, { isActive: false, expiredAt: new Date() });
    await insertItem(testApp, student.id, { isActive: false, isSold: true });
    const fiftieth = await sendItem(
      testApp,
      "POST",
      "/api/items",
      student.cookie,
      buildSellForm(url as string),
    );
    expect(fiftieth.statusCode).toBe(201);
    const refused = await sendItem(
      testApp,
      "POST",
      "/api/items",
      student.cookie,
      buildSellForm(url as string),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(LISTING_TEXTS.activeCap);
    const renewal = await post(testApp, `/api/items/${expired.id}/renew`, undefined, {
      cookie: student.cookie,
    });
    expect(renewal.statusCode).toBe(409);
    expect(renewal.json().error.message).toBe(LISTING_TEXTS.activeCap);
    expect((await findItemRow(testApp, expired.id))?.isActive).toBe(false);
  });
});

describe("caps under parallel requests", () => {
  it("ten posts at once at 45 active listings: five go through, five are refused, 50 active", async () => {
    const student = await createStudent(testApp, { name: "Rhea Iyer" });
    const urls = await photos(10, student.cookie);
    await testApp.database.db.insert(items).values(
      Array.from({ length: MAX_ACTIVE_LISTINGS - 5 }, (_, index) => ({
        sellerId: student.id,
        productName: `Notebook ${index}`,
        productImage: "https://images.example.in/book.jpg",
        type: "Notebook",
        price: 50,
        category: "stationary" as const,
        condition: "new" as const,
      })),
    );
    const answers = await Promise.all(
      urls.map((url) =>
        sendItem(testApp, "POST", "/api/items", student.cookie, buildSellForm(url as string)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array(5).fill(201),
      ...Array(5).fill(409),
    ]);
    const [row] = await testApp.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .where(and(eq(items.sellerId, student.id), eq(items.isActive, true)));
    expect(row?.n).toBe(MAX_ACTIVE_LISTINGS);
  });

  it("four saved searches at once with one place left: one is saved", async () => {
    const student = await createStudent(testApp, { name: "Omar Sheikh" });
    await testApp.database.db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES - 1 }, (_, index) => ({
        userId: student.id,
        name: `Search ${index}`,
        search: `lamp ${index}`,
        category: "all" as const,
        college: "",
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        post(
          testApp,
          "/api/me/saved-searches",
          { name: `Parallel ${index}`, search: `kettle ${index}`, category: "all", college: "" },
          { cookie: student.cookie },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const [row] = await testApp.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, student.id));
    expect(row?.n).toBe(MAX_SAVED_SEARCHES);
  });
});

describe("price drops tell those who saved the item, at most once a day", () => {
  it("notifies on a cut, not on a second cut the same day nor on a raise, and again a day later", async () => {
    const [url] = await photos(1);
    const item = await postItem(testApp, seller.cookie, buildSellForm(url as string, { price: 900 }));
    const fan = await createStudent(testApp, { name: "Zoya Khan" });
    await testApp.app.inject({
      method: "PUT",
      url: `/api/items/${item.id}/favourite`,
      headers: { cookie: fan.cookie },
    });
    const edit = (price: number) =>
      sendItem(
        testApp,
        "PATCH",
        `/api/items/${item.id}`,
        seller.cookie,
        buildSellForm(url as string, { price }),
      );
    const drops = async () =>
      (await notificationsOf(fan.id)).filter((n) => n.text.startsWith("Price dropped"));

    expect((await edit(950)).statusCode).toBe(200);
    expect(await drops()).toHaveLength(0);
    expect((await edit(800)).statusCode).toBe(200);
    expect((await drops()).map((n) => n.text)).toEqual([
      LISTING_TEXTS.priceDropped(item.productName, 800, 950),
    ]);
    expect((await drops())[0]).toMatchObject({ type: "listing", itemId: item.id });
    expect((await edit(700)).statusCode).toBe(200);
    expect(await drops()).toHaveLength(1);
    // The seller is not told of their own cut.
    expect((await notificationsOf(seller.id)).filter((n) => n.text.startsWith("Price dropped"))).toHaveLength(
      0,
    );

    await testApp.database.db
      .update(items)
      .set({ priceDropNotifiedAt: new Date(Date.now() - DAY - 1000) })
      .where(eq(items.id, item.id));
    expect((await edit(600)).statusCode).toBe(200);
    expect((await drops()).map((n) => n.text)).toContain(
      LISTING_TEXTS.priceDropped(item.productName, 600, 700),
    );
  });
});

describe("price drops and blocks", () => {
  it("are not sent to someone the seller blocked, or who blocked the seller", async () => {
    const [url] = await photos(1);
    const item = await postItem(testApp, seller.cookie, buildSellForm(url as string, { price: 900 }));
    const [fan, blocked, blocker] = await Promise.all([
      createStudent(testApp, { name: "Asha Rao" }),
      createStudent(testApp, { name: "Kabir Shah" }),
      createStudent(testApp, { name: "Nisha Paul" }),
    ]);
    for (const student of [fan, blocked, blocker])
      await testApp.app.inject({
        method: "PUT",
        url: `/api/items/${item.id}/favourite`,
        headers: { cookie: student.cookie },
      });
    await testApp.database.db.insert(userBlocks).values([
      { blockerId: seller.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: seller.id },
    ]);
    const edited = await sendItem(
      testApp,
      "PATCH",
      `/api/items/${item.id}`,
      seller.cookie,
      buildSellForm(url as string, { price: 700 }),
    );
    expect(edited.statusCode).toBe(200);
    const drops = async (userId: string) =>
      (await notificationsOf(userId)).filter((n) => n.text.startsWith("Price dropped"));
    expect(await drops(fan.id)).toHaveLength(1);
    expect(await drops(blocked.id)).toHaveLength(0);
    expect(await drops(blocker.id)).toHaveLength(0);
  });
});

describe("saved searches", () => {
  const save = (cookie: string, body: object) => post(testApp, "/api/me/saved-searches", body, { cookie });

  it("saves, lists, marks seen and deletes one's own; others' answer 404 and stay", async () => {
    const owner = await createStudent(testApp, { name: "Arjun Mehta" });
    const created = await save(owner.cookie, {
      search: "fx-991",
      category: "gadgets",
      college: "IIT Bombay",
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const { savedSearch } = created.json();
    expect(savedSearch).toMatchObject({
      name: "fx-991",
      search: "fx-991",
      category: "gadgets",
      newMatches: 0,
    });
    const named = await save(owner.cookie, { name: "Calculators", category: "gadgets" });
    expect(named.json().savedSearch.name).toBe("Calculators");

    const listed = await get(testApp, "/api/me/saved-searches", { cookie: owner.cookie });
    expect(listed.json().savedSearches.map((s: { name: string }) => s.name)).toEqual([
      "fx-991",
      "Calculators",
    ]);
    expect(
      (await get(testApp, "/api/me/saved-searches", { cookie: buyer.cookie })).json().savedSearches,
    ).toEqual([]);

    const othersDelete = await testApp.app.inject({
      method: "DELETE",
      url: `/api/me/saved-searches/${savedSearch.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(othersDelete.statusCode).toBe(404);
    const othersSeen = await post(testApp, `/api/me/saved-searches/${savedSearch.id}/seen`, undefined, {
      cookie: buyer.cookie,
    });
    expect(othersSeen.statusCode).toBe(404);
    const deleted = await testApp.app.inject({
      method: "DELETE",
      url: `/api/me/saved-searches/${savedSearch.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await get(testApp, "/api/me/saved-searches", { cookie: owner.cookie })).json().savedSearches,
    ).toHaveLength(1);
  });

  it("refuses an empty search and a 21st", async () => {
    const owner = await createStudent(testApp, { name: "Neha Joshi" });
    const empty = await save(owner.cookie, {});
    expect(empty.statusCode).toBe(400);
    for (let index = 0; index < 20; index++) {
      expect((await save(owner.cookie, { search: `thing ${index}` })).statusCode).toBe(201);
    }
    const refused = await save(owner.cookie, { search: "one more" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(LISTING_TEXTS.savedSearchCap);
  });

  it("matches new items in the background: a match, a non-match, the hourly cap, a holiday or blocked seller", async () => {
    const db = testApp.database.db;
    const watcher = await createStudent(testApp, { name: "Rohan Iyer" });
    const search = `kettle${randomUUID().slice(0, 6)}`;
    const { savedSearch } = (await save(watcher.cookie, { search, college: "IIT Bombay" })).json();
    const holidaySeller = await createStudent(testApp, { name: "Tara Nair" });
    await db
      .update(users)
      .set({ holidayActive: true, holidayFrom: "2000-01-01", holidayTo: "2999-12-31" })
      .where(eq(users.id, holidaySeller.id));
    const otherCollege = await createStudent(testApp, {
      name: "Dev Rao",
      city: "New Delhi",
      college: "IIT Delhi",
    });
    // A seller who blocked the watcher: their listings are hidden from each other, alerts included.
    const blockingSeller = await createStudent(testApp, { name: "Nisha Kapoor" });
    await db.insert(userBlocks).values({ blockerId: blockingSeller.id, blockedId: watcher.id });
    const posted = new Date(Date.now() - 60_000);
    // Settle the cursor on what exists, so only this test's items are new.
    await db
      .update(jobState)
      .set({ cursorAt: new Date(posted.getTime() - 1000) })
      .where(eq(jobState.name, "listings"));
    await db
      .delete(items)
      .where(sql`${items.createdAt} >= ${new Date(posted.getTime() - 1000).toISOString()}::timestamptz`);

    await insertItem(testApp, seller.id, { productName: `Prestige ${search} 1.5L`, createdAt: posted });
    await insertItem(testApp, seller.id, { productName: "Desk lamp", createdAt: posted });
    await insertItem(testApp, holidaySeller.id, {
      productName: `${search} from a holiday`,
      createdAt: posted,
    });
    await insertItem(testApp, otherCollege.id, { productName: `${search} in Delhi`, createdAt: posted });
    await insertItem(testApp, watcher.id, { productName: `my own ${search}`, createdAt: posted });
    await insertItem(testApp, blockingSeller.id, { productName: `${search} blocked`, createdAt: posted });

    const now = new Date();
    await matchSavedSearches(jobContext(), now);
    await notifySavedSearches(jobContext(), now);
    const alerts = async () => (await notificationsOf(watcher.id)).map((n) => n.text);
    expect(await alerts()).toEqual([LISTING_TEXTS.savedSearchAlert(1, search, "IIT Bombay")]);
    expect(await alerts()).toEqual([`1 new item for "${search}" at IIT Bombay`]);
    const listed = (await get(testApp, "/api/me/saved-searches", { cookie: watcher.cookie })).json();
    expect(listed.savedSearches[0].newMatches).toBe(1);

    // Two more within the hour: counted, announced only once the hour is over.
    await insertItem(testApp, seller.id, {
      productName: `${search} two`,
      createdAt: new Date(now.getTime() - 10_000),
    });
    await insertItem(testApp, seller.id, {
      productName: `${search} three`,
      createdAt: new Date(now.getTime() - 9_000),
    });
    const later = new Date(now.getTime() + 10 * 60 * 1000);
    await matchSavedSearches(jobContext(), later);
    await notifySavedSearches(jobContext(), later);
    expect(await alerts()).toHaveLength(1);
    const hourLater = new Date(now.getTime() + 60 * 60 * 1000);
    await notifySavedSearches(jobContext(), hourLater);
    expect((await alerts()).sort()).toEqual(
      [`1 new item for "${search}" at IIT Bombay`, `2 new items for "${search}" at IIT Bombay`].sort(),
    );
    const seen = await post(testApp, `/api/me/saved-searches/${savedSearch.id}/seen`, undefined, {
      cookie: watcher.cookie,
    });
    expect(seen.json().savedSearch.newMatches).toBe(0);
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, savedSearch.id)));
    expect(row?.pendingCount).toBe(0);
  });

  it("alerts forgive as browse's search does: a model number's spacing, a typo, Hinglish, a plural; older searches too", async () => {
    const db = testApp.database.db;
    const watcher = await createStudent(testApp, { name: "Kavya Menon" });
    // A word the marketplace already has, so a typo of it is forgiven when the search is saved.
    await insertItem(testApp, seller.id, {
      productName: "Casio calculator",
      createdAt: new Date(Date.now() - 3_600_000),
    });
    const saved = async (search: string) =>
      (await save(watcher.cookie, { search })).json().savedSearch.id as string;
    const ids = {
      model: await saved("fx991"),
      typo: await saved("Calculater"),
      hinglish: await saved("kitab"),
      plural: await saved("lab coats"),
    };
    // Saved before its forms were kept: the job reads them first.
    const [older] = await db
      .insert(savedSearches)
      .values({ userId: watcher.id, name: "fx 991", search: "FX-991", category: "all", college: "" })
      .returning();
    const posted = new Date(Date.now() - 60_000);
    await db
      .update(jobState)
      .set({ cursorAt: new Date(posted.getTime() - 1000) })
      .where(eq(jobState.name, "listings"));
    await db
      .delete(items)
      .where(sql`${items.createdAt} >= ${new Date(posted.getTime() - 1000).toISOString()}::timestamptz`);
    await insertItem(testApp, seller.id, {
      productName: "Casio fx-991EX Classwiz",
      type: "Exam kit",
      createdAt: posted,
    });
    await insertItem(testApp, seller.id, {
      productName: "Scientific Calculator",
      type: "Calculator",
      createdAt: posted,
    });
    await insertItem(testApp, seller.id, {
      productName: "Premchand किताब set",
      type: "Novel",
      createdAt: posted,
    });
    await insertItem(testApp, seller.id, {
      productName: "White lab coat, size M",
      type: "Apparel",
      createdAt: posted,
    });
    await insertItem(testApp, seller.id, {
      productName: "Drawing board",
      type: "Stationery",
      createdAt: posted,
    });

    await matchSavedSearches(jobContext(), new Date());
    const unseen = async (id: string) =>
      (await db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]?.unseenCount;
    expect(await unseen(ids.model)).toBe(1);
    expect(await unseen(ids.typo)).toBe(1);
    expect(await unseen(ids.hinglish)).toBe(1);
    expect(await unseen(ids.plural)).toBe(1);
    expect(await unseen(older?.id ?? "")).toBe(1);
  });

  it("the job runs on one instance at a time and keeps its cursor", async () => {
    expect(await runListingsJobOnce(jobContext())).toBe(true);
    await testApp.database.db
      .update(jobState)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobState.name, "listings"));
    expect(await runListingsJobOnce(jobContext())).toBe(false);
    await testApp.database.db
      .update(jobState)
      .set({ lockedUntil: null })
      .where(eq(jobState.name, "listings"));
  });
});

function jobContext() {
  return {
    db: testApp.database.db,
    bus: { publish: async () => {} } as never,
    log: testApp.app.log,
  };
}
