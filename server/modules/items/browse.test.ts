import { PAGE_SIZE } from "@shared/constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { items, users } from "../../db/schema";

/** This file's sellers study here (and nowhere else in the file's data), so filters see only them. */
const CITY = "Aligarh";
const COLLEGE = "Aligarh Muslim University";
const OTHER = { city: "Amritsar", college: "Khalsa College" };

let testApp: TestApp;
let viewer: string;
/** Items of the fixed data set, by a short name. */
const known: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await createStudent(testApp)).cookie;
  const seller = await createStudent(testApp, { city: CITY, college: COLLEGE, name: "Zoya Khan" });
  const other = await createStudent(testApp, { ...OTHER, name: "Harpreet Kaur" });
  const day = (n: number) => new Date(Date.UTC(2025, 0, n, 9, 0, 0));
  const rows: [string, string, object][] = [
    [
      "casio",
      seller.id,
      { productName: "Casio fx-991EX", type: "Calculator", price: 650, createdAt: day(1) },
    ],
    [
      "drawing",
      seller.id,
      {
        productName: "Engineering Drawing",
        type: "Textbook",
        category: "books",
        price: 300,
        createdAt: day(2),
      },
    ],
    [
      "coat",
      seller.id,
      {
        productName: "100% cotton lab coat",
        type: "Lab coat",
        category: "other",
        price: 450,
        createdAt: day(3),
      },
    ],
    [
      "sheets",
      seller.id,
      {
        productName: "1000 GSM drawing sheets",
        type: "Paper",
        category: "stationary",
        price: 120,
        createdAt: day(4),
      },
    ],
    [
      "uno",
      seller.id,
      { productName: "Arduino_Uno R3", type: "Microcontroller", price: 1200, createdAt: day(5) },
    ],
    [
      "clone",
      seller.id,
      { productName: "Arduino Uno clone", type: "Microcontroller", price: 480, createdAt: day(6) },
    ],
    [
      "sold",
      seller.id,
      { productName: "Casio sold", isActive: false, isSold: true, soldAt: day(8), createdAt: day(7) },
    ],
    [
      "elsewhere",
      other.id,
      { productName: "Casio fx-82MS", type: "Calculator", price: 500, createdAt: day(9) },
    ],
  ];
  for (const [label, sellerId, overrides] of rows)
    known[label] = (await insertItem(testApp, sellerId, overrides)).id;
});
afterAll(() => testApp.close());

async function browse(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await get(testApp, `/api/items?${params}`, { cookie: viewer });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The labels of the fixed data set's items a browse at this file's college returns, in order. */
async function labelsFor(query: Record<string, string | number>): Promise<string[]> {
  const body = await browse({ college: COLLEGE, ...query });
  const labelOf = new Map(Object.entries(known).map(([label, id]) => [id, label]));
  return body.items.map((item: { id: string }) => labelOf.get(item.id) ?? item.id);
}

describe("GET /api/items: filters and sorts", () => {
  it("requires sign-in", async () => {
    expect((await get(testApp, "/api/items")).statusCode).toBe(401);
  });

  it("lists the college's active items, newest first by default, never a sold one", async () => {
    expect(await labelsFor({})).toEqual(["clone", "uno", "sheets", "coat", "drawing", "casio"]);
    const body = await browse({ college: COLLEGE });
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: PAGE_SIZE, totalPages: 1 });
    expect(body.items[0]).toMatchObject({
      sellerName: "Zoya Khan",
      sellerCollege: COLLEGE,
      sellerMobile: "",
    });
  });

  it.each([
    ["newest", ["clone", "uno", "sheets", "coat", "drawing", "casio"]],
    ["oldest", ["casio", "drawing", "coat", "sheets", "uno", "clone"]],
    ["price-low", ["sheets", "drawing", "coat", "clone", "casio", "uno"]],
    ["price-high", ["uno", "casio", "clone", "coat", "drawing", "sheets"]],
  ])("sorts by %s", async (sort, order) => {
    expect(await labelsFor({ sort })).toEqual(order);
  });

  it.each([
    ["a product name, case-insensitively", "CASIO", ["casio"]],
    ["a substring of the name", "x-99", ["casio"]],
    ["the type", "textbook", ["drawing"]],
    ["a substring of the type", "controll", ["clone", "uno"]],
    ["name or type", "drawing", ["sheets", "drawing"]],
    ["'%' literally", "100%", ["coat"]],
    ["'_' literally", "arduino_uno", ["uno"]],
    ["nothing", "typewriter", []],
  ])("searches %s", async (_label, search, expected) => {
    expect(await labelsFor({ search })).toEqual(expected);
    expect((await browse({ college: COLLEGE, search })).total).toBe(expected.length);
  });

  it.each([
    ["gadgets", ["clone", "uno", "casio"]],
    ["books", ["drawing"]],
    ["stationary", ["sheets"]],
    ["other", ["coat"]],
    ["all", ["clone", "uno", "sheets", "coat", "drawing", "casio"]],
  ])("filters by category %s", async (category, expected) => {
    expect(await labelsFor({ category })).toEqual(expected);
  });

  it("filters by the seller's college", async () => {
    const elsewhere = await browse({ college: OTHER.college, search: "casio" });
    expect(elsewhere.items.map((i: { id: string }) => i.id)).toEqual([known.elsewhere]);
    expect(await labelsFor({ search: "casio" })).toEqual(["casio"]);
    expect((await browse({ college: "Nowhere Institute of Technology" })).total).toBe(0);
  });

  it("combines search, category, college and sort", async () => {
    expect(await labelsFor({ search: "arduino", category: "gadgets", sort: "price-low" })).toEqual([
      "clone",
      "uno",
    ]);
  });

  it.each([
    ["sort=bogus"],
    ["page=0"],
    ["page=-1"],
    ["page=abc"],
    ["category=food"],
    [`search=${"x".repeat(101)}`],
  ])("refuses an invalid query (%s) with 400", async (query) => {
    const response = await get(testApp, `/api/items?${query}`, { cookie: viewer });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_input");
  });
});

describe("GET /api/items: paging", () => {
  it("pages by 12: total and totalPages right, page 2 has the rest, beyond the end is empty", async () => {
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) {
      const createdAt = new Date(Date.UTC(2024, 5, 1 + i));
      ids.push((await insertItem(testApp, seller.id, { productName: `Pagebook volume ${i}`, createdAt })).id);
    }
    const newestFirst = ids.toReversed();
    const query = { college: COLLEGE, search: "pagebook" };
    const first = await browse(query);
    expect(first).toMatchObject({ total: 14, page: 1, pageSize: 12, totalPages: 2 });
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(0, 12));

    const second = await browse({ ...query, page: 2 });
    expect(second).toMatchObject({ total: 14, page: 2, totalPages: 2 });
    expect(second.items.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(12));

    expect(await browse({ ...query, page: 3 })).toMatchObject({
      items: [],
      total: 14,
      page: 3,
      totalPages: 2,
    });
    expect(await browse({ ...query, page: 50 })).toMatchObject({ items: [], total: 14 });
  });
});

/** Today's date in India (YYYY-MM-DD), shifted by some days. */
function indiaDate(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

describe("GET /api/items: sellers on holiday and deleted sellers", () => {
  let counter = 0;
  /** A seller of this college with one item, and the search that finds exactly that item. */
  async function sellerWithItem(holiday?: { active: boolean; from: number; to: number }) {
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    const search = `holidaytest${++counter}x`;
    const item = await insertItem(testApp, seller.id, { productName: `Table lamp ${search}` });
    if (holiday) {
      await testApp.database.db
        .update(users)
        .set({
          holidayActive: holiday.active,
          holidayFrom: indiaDate(holiday.from),
          holidayTo: indiaDate(holiday.to),
        })
        .where(eq(users.id, seller.id));
    }
    return { seller, item, search };
  }

  it.each([
    ["covering today", false, true, -1, 1],
    ["from today to today (inclusive)", false, true, 0, 0],
    ["ending today (inclusive)", false, true, -5, 0],
    ["starting today (inclusive)", false, true, 0, 5],
    ["that ended yesterday", true, true, -5, -1],
    ["that starts tomorrow", true, true, 1, 5],
    ["covering today but switched off", true, false, -1, 1],
  ])("a holiday %s: the seller's items are listed = %s", async (_label, visible, active, from, to) => {
    const { item, search } = await sellerWithItem({ active, from, to });
    const body = await browse({ college: COLLEGE, search });
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(visible ? [item.id] : []);
    expect(body.total).toBe(visible ? 1 : 0);
  });

  it("hides a seller's items once the holiday starts and shows them again when it is switched off", async () => {
    const { seller, item, search } = await sellerWithItem();
    expect((await browse({ college: COLLEGE, search })).total).toBe(1);
    const setHoliday = (holidayActive: boolean) =>
      testApp.database.db
        .update(users)
        .set({ holidayActive, holidayFrom: indiaDate(-2), holidayTo: indiaDate(2) })
        .where(eq(users.id, seller.id));
    await setHoliday(true);
    expect((await browse({ search })).total).toBe(0);
    await setHoliday(false);
    expect((await browse({ search })).items.map((i: { id: string }) => i.id)).toEqual([item.id]);
  });

  it("the whole marketplace's total (no search, no college) leaves out hidden sellers' items", async () => {
    const totals = async () => [
      (await browse({})).total as number,
      (await browse({ category: "books" })).total as number,
    ];
    const before = await totals();
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    await insertItem(testApp, seller.id, { productName: "Wholemarket lamp" });
    await insertItem(testApp, seller.id, { productName: "Wholemarket novel", category: "books" });
    await insertItem(testApp, seller.id, { productName: "Wholemarket sold", isActive: false, isSold: true });
    const setSeller = (values: Partial<typeof users.$inferInsert>) =>
      testApp.database.db.update(users).set(values).where(eq(users.id, seller.id));
    const plus = (all: number, books: number) => [(before[0] ?? 0) + all, (before[1] ?? 0) + books];

    expect(await totals()).toEqual(plus(2, 1));
    await setSeller({ holidayActive: true, holidayFrom: indiaDate(-1), holidayTo: indiaDate(1) });
    expect(await totals()).toEqual(plus(0, 0));
    await setSeller({ holidayFrom: indiaDate(1), holidayTo: indiaDate(3) });
    expect(await totals()).toEqual(plus(2, 1));
    await setSeller({ holidayActive: false, deletedAt: new Date() });
    expect(await totals()).toEqual(plus(0, 0));
  });

  it("hides the items of a deleted user", async () => {
    const { seller, search } = await sellerWithItem();
    await testApp.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    expect(await browse({ college: COLLEGE, search })).toMatchObject({ items: [], total: 0 });
    expect(await browse({ search })).toMatchObject({ items: [], total: 0 });
  });
});

describe("GET /api/items: the college filter follows the seller's college", () => {
  /** The ids a browse for this search at a college returns. */
  const idsAt = async (college: string, search: string) =>
    (await browse({ college, search })).items.map((i: { id: string }) => i.id);

  it("finds a seller's items at their new college once an administrator changes it", async () => {
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    const listed = await insertItem(testApp, seller.id, { productName: "Movingcollege drafter" });
    const sold = await insertItem(testApp, seller.id, {
      productName: "Movingcollege slide rule",
      isActive: false,
      isSold: true,
    });
    expect(await idsAt(COLLEGE, "movingcollege")).toEqual([listed.id]);

    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const edit = await testApp.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${seller.id}`,
      headers: { cookie: adminCookie },
      payload: { name: seller.name, email: seller.email, mobile: seller.mobile, ...OTHER },
    });
    expect(edit.statusCode).toBe(200);

    expect(await idsAt(OTHER.college, "movingcollege")).toEqual([listed.id]);
    expect(await idsAt(COLLEGE, "movingcollege")).toEqual([]);
    expect((await browse({ college: OTHER.college, search: "movingcollege" })).items[0]).toMatchObject({
      sellerCollege: OTHER.college,
    });
    // Sold items follow too, so they are right if they are ever listed again.
    const stored = await testApp.database.db
      .select({ id: items.id, sellerCollege: items.sellerCollege })
      .from(items)
      .where(eq(items.sellerId, seller.id));
    expect(stored).toHaveLength(2);
    expect(stored.every((row) => row.sellerCollege === OTHER.college)).toBe(true);
    expect(stored.map((row) => row.id).sort()).toEqual([listed.id, sold.id].sort());
  });

  it("follows any change of users.college, not only the admin screen", async () => {
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    const item = await insertItem(testApp, seller.id, { productName: "Directchange oscilloscope" });
    await testApp.database.db
      .update(users)
      .set({ college: "Indian Institute of Science" })
      .where(eq(users.id, seller.id));
    expect(await idsAt("Indian Institute of Science", "directchange")).toEqual([item.id]);
    expect(await idsAt(COLLEGE, "directchange")).toEqual([]);
  });

  it("takes the seller's college on insert and on a change of seller, whatever the row says", async () => {
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    const other = await createStudent(testApp, OTHER);
    const item = await insertItem(testApp, seller.id, {
      productName: "Wrongcollege microscope",
      sellerCollege: "Nowhere Institute of Technology",
    });
    expect(item.sellerCollege).toBe(COLLEGE);
    expect(await idsAt(COLLEGE, "wrongcollege")).toEqual([item.id]);

    const [moved] = await testApp.database.db
      .update(items)
      .set({ sellerId: other.id })
      .where(eq(items.id, item.id))
      .returning();
    expect(moved?.sellerCollege).toBe(OTHER.college);
    const [forced] = await testApp.database.db
      .update(items)
      .set({ sellerCollege: "Nowhere Institute of Technology" })
      .where(eq(items.id, item.id))
      .returning();
    expect(forced?.sellerCollege).toBe(OTHER.college);
    expect(await idsAt(OTHER.college, "wrongcollege")).toEqual([item.id]);
  });
});
