import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { items, userBlocks, users } from "../../db/schema";

// Counts of at least three matches are kept for a minute here, so that the test can see a kept
// count; smaller ones stay exact.
let testApp: TestApp;
let viewer: Awaited<ReturnType<typeof createStudent>>;
let other: Awaited<ReturnType<typeof createStudent>>;

beforeAll(async () => {
  testApp = await createTestApp({ BROWSE_COUNT_CACHE_SECONDS: "60", BROWSE_COUNT_CACHE_MIN_MATCHES: "3" });
  viewer = await createStudent(testApp);
  other = await createStudent(testApp);
});
afterAll(() => testApp.close());

const found = async (cookie: string, query: string) => {
  const response = await get(testApp, `/api/items?${query}`, { cookie });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { total: number; totalPages: number; items: { id: string }[] };
  return { total: body.total, totalPages: body.totalPages, ids: body.items.map((item) => item.id) };
};

describe("GET /api/items: the count of matches", () => {
  it("keeps a large count a while, and counts a small one afresh every time", async () => {
    const seller = await createStudent(testApp);
    for (let i = 0; i < 3; i++) await insertItem(testApp, seller.id, { productName: `Keptcount lamp ${i}` });
    await insertItem(testApp, seller.id, { productName: "Smallcount kettle" });

    expect((await found(viewer.cookie, "search=keptcount")).total).toBe(3);
    expect((await found(viewer.cookie, "search=smallcount")).total).toBe(1);

    const newLamp = await insertItem(testApp, seller.id, { productName: "Keptcount lamp 4" });
    await insertItem(testApp, seller.id, { productName: "Smallcount kettle 2" });

    // The page is always read afresh: the new lamp is there at once, while the count of three
    // matches is the one kept (the same for every student) until it runs out.
    const lamps = await found(other.cookie, "search=KEPTCOUNT");
    expect(lamps.ids).toContain(newLamp.id);
    expect(lamps.total).toBe(3);
    expect((await found(viewer.cookie, "search=smallcount")).total).toBe(2);
  });

  it("takes the viewer's blocks off a kept count, for that viewer only", async () => {
    const seller = await createStudent(testApp);
    const blocked = await createStudent(testApp);
    for (let i = 0; i < 3; i++) await insertItem(testApp, seller.id, { productName: `Blockcount desk ${i}` });
    await insertItem(testApp, blocked.id, { productName: "Blockcount desk by the blocked" });
    await insertItem(testApp, blocked.id, { productName: "Blockcount desk by the blocked, again" });

    expect((await found(other.cookie, "search=blockcount")).total).toBe(5);
    await testApp.database.db.insert(userBlocks).values({ blockerId: blocked.id, blockedId: viewer.id });

    const seen = await found(viewer.cookie, "search=blockcount");
    expect(seen.total).toBe(3);
    expect(seen.ids).toHaveLength(3);
    expect((await found(other.cookie, "search=blockcount")).total).toBe(5);
  });

  it("leaves out the items of sellers on holiday, suspended or deleted, from the page and the count", async () => {
    const shown = await createStudent(testApp);
    const hidden = await Promise.all([
      createStudent(testApp),
      createStudent(testApp),
      createStudent(testApp),
    ]);
    await insertItem(testApp, shown.id, { productName: "Hiddencount chair" });
    for (const seller of hidden) await insertItem(testApp, seller.id, { productName: "Hiddencount chair" });
    const [onHoliday, suspended, deleted] = hidden.map((seller) => seller.id) as [string, string, string];
    const db = testApp.database.db;
    await db
      .update(users)
      .set({ holidayActive: true, holidayFrom: "2000-01-01", holidayTo: "2999-12-31" })
      .where(eq(users.id, onHoliday));
    await db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: null })
      .where(eq(users.id, suspended));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted));

    const seen = await found(viewer.cookie, "search=hiddencount");
    expect(seen).toMatchObject({ total: 1, totalPages: 1 });
    expect(seen.ids).toHaveLength(1);
  });

  it("pages a search that matches often within a college the same way, case-insensitive, newest first", async () => {
    const college = { city: "Guwahati", college: "Cotton University" };
    const seller = await createStudent(testApp, college);
    const blocked = await createStudent(testApp, college);
    await testApp.database.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: blocked.id });
    const start = Date.UTC(2025, 5, 1);
    const rows = Array.from({ length: 230 }, (_, i) => ({
      sellerId: i % 10 === 0 ? blocked.id : seller.id,
      productName: i % 2 === 0 ? `Walkword Table ${i}` : `Chair ${i}`,
      type: i % 2 === 0 ? "Furniture" : "WALKWORD seat",
      productImage: "https://images.example.in/table.jpg",
      price: 100 + i,
      category: "other" as const,
      condition: "used" as const,
      createdAt: new Date(start + i * 60_000),
    }));
    const inserted = await testApp.database.db.insert(items).values(rows).returning();
    const expected = inserted
      .filter((item) => item.sellerId === seller.id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((item) => item.id);

    const first = await found(viewer.cookie, "search=walkWord&college=Cotton%20University");
    expect(first.total).toBe(expected.length);
    expect(first.ids).toEqual(expected.slice(0, 12));
    const third = await found(viewer.cookie, "search=walkword&college=Cotton%20University&page=3");
    expect(third.ids).toEqual(expected.slice(24, 36));
  });

  it("still says how many there are on a page past the end", async () => {
    const seller = await createStudent(testApp);
    await insertItem(testApp, seller.id, { productName: "Pastend stool" });
    const past = await found(viewer.cookie, "search=pastend&page=5");
    expect(past).toMatchObject({ total: 1, ids: [] });
  });
});
