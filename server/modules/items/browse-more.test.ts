import { BROWSE_FILTER_MESSAGES } from "@shared/api/items";
import { FRESH_LISTINGS_COUNT } from "@shared/api/listings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { users } from "../../db/schema";

const CITY = "Bhopal";
const EMPTY_COLLEGE = "Indian Institute of Forest Management";
const NEIGHBOUR = "Maulana Azad National Institute of Technology";
const OTHER_NEIGHBOUR = "Barkatullah University";
const FAR = { city: "Jaipur", college: "Malaviya National Institute of Technology" };

let testApp: TestApp;
/** A new student at a college without a single listing. */
let newcomer: string;
const known: Record<string, string> = {};
const day = (n: number) => new Date(Date.UTC(2025, 2, n, 9, 0, 0));

beforeAll(async () => {
  testApp = await createTestApp();
  newcomer = (await createStudent(testApp, { city: CITY, college: EMPTY_COLLEGE })).cookie;
  const neighbour = await createStudent(testApp, { city: CITY, college: NEIGHBOUR, name: "Aarav Jain" });
  const otherNeighbour = await createStudent(testApp, { city: CITY, college: OTHER_NEIGHBOUR });
  const far = await createStudent(testApp, { ...FAR, name: "Meera Rathore" });
  const holiday = await createStudent(testApp, { city: CITY, college: NEIGHBOUR });
  const rows: [string, string, object][] = [
    [
      "cycle",
      neighbour.id,
      { productName: "Hero cycle", type: "Bicycle", price: 2500, condition: "used", createdAt: day(1) },
    ],
    [
      "lamp",
      neighbour.id,
      { productName: "Desk lamp", type: "Lamp", price: 300, condition: "like new", createdAt: day(2) },
    ],
    [
      "kettle",
      otherNeighbour.id,
      { productName: "Electric kettle", type: "Kettle", price: 450, condition: "new", createdAt: day(3) },
    ],
    [
      "drafter",
      far.id,
      { productName: "Mini drafter", type: "Drafter", price: 350, condition: "like new", createdAt: day(4) },
    ],
    [
      "guitar",
      far.id,
      { productName: "Acoustic guitar", type: "Guitar", price: 4000, condition: "used", createdAt: day(5) },
    ],
    ["away", holiday.id, { productName: "Holiday sofa", type: "Sofa", price: 900, createdAt: day(6) }],
  ];
  for (const [label, sellerId, overrides] of rows)
    known[label] = (await insertItem(testApp, sellerId, overrides)).id;
  await testApp.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, holiday.id));
});
afterAll(() => testApp.close());

const labelOf = (id: string) => Object.entries(known).find(([, known]) => known === id)?.[0] ?? id;
const labels = (list: { id: string }[]) => list.map((item) => labelOf(item.id));

async function browse(query: Record<string, string | number>, cookie = newcomer) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return get(testApp, `/api/items?${params}`, { cookie });
}

async function browseOk(query: Record<string, string | number>) {
  const response = await browse(query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("GET /api/items: a college with few listings goes on with its city's, then India's", () => {
  it("counts only the college, then lists 'More in {city}' and 'Across India' newest first", async () => {
    const body = await browseOk({ college: EMPTY_COLLEGE });
    expect(body).toMatchObject({ total: 0, items: [], totalPages: 1 });
    expect(body.more.city).toBe(CITY);
    // The suspended seller's sofa shows nowhere.
    expect(labels(body.more.nearby)).toEqual(["kettle", "lamp", "cycle"]);
    expect(labels(body.more.india)).toEqual(["guitar", "drafter"]);
  });

  it("applies the student's filters to the sections too", async () => {
    const body = await browseOk({ college: EMPTY_COLLEGE, maxPrice: 400 });
    expect(labels(body.more.nearby)).toEqual(["lamp"]);
    expect(labels(body.more.india)).toEqual(["drafter"]);
  });

  it("leaves the college's own items out of its city's section", async () => {
    const body = await browseOk({ college: NEIGHBOUR });
    expect(labels(body.items)).toEqual(["lamp", "cycle"]);
    expect(body.total).toBe(2);
    expect(labels(body.more.nearby)).toEqual(["kettle"]);
  });

  it("marks the viewer's favourites on the cards of every section", async () => {
    const saved = await testApp.app.inject({
      method: "PUT",
      url: `/api/items/${known.lamp}/favourite`,
      headers: { cookie: newcomer },
    });
    expect(saved.statusCode).toBe(204);
    const body = await browseOk({ college: EMPTY_COLLEGE });
    const hearts = Object.fromEntries(
      body.more.nearby.map((item: { id: string; isFavourite: boolean }) => [
        labelOf(item.id),
        item.isFavourite,
      ]),
    );
    expect(hearts).toEqual({ kettle: false, lamp: true, cycle: false });
    expect(
      (await browseOk({ city: CITY })).items.map((item: { isFavourite: boolean }) => item.isFavourite),
    ).toEqual([false, true, false]);
  });

  it("has no sections without a college, with a city, past page 1 or for a college the directory lacks", async () => {
    expect((await browseOk({})).more).toBeNull();
    expect((await browseOk({ city: CITY })).more).toBeNull();
    expect((await browseOk({ college: EMPTY_COLLEGE, page: 2 })).more).toBeNull();
    expect((await browseOk({ college: "Nowhere College" })).more).toBeNull();
  });
});

describe("GET /api/items: city, price and condition", () => {
  it("filters by city: every college of it", async () => {
    const body = await browseOk({ city: CITY });
    expect(labels(body.items)).toEqual(["kettle", "lamp", "cycle"]);
    expect(body.total).toBe(3);
  });

  it.each([
    [{ minPrice: 400 }, ["guitar", "kettle", "cycle"]],
    [{ maxPrice: 450 }, ["drafter", "kettle", "lamp"]],
    [{ minPrice: 350, maxPrice: 450 }, ["drafter", "kettle"]],
    [{ minPrice: 300, maxPrice: 300 }, ["lamp"]],
    [{ condition: "like new" }, ["drafter", "lamp"]],
    [{ condition: "used", minPrice: 3000 }, ["guitar"]],
    [{ city: FAR.city, condition: "new" }, []],
  ])("filters by %o", async (query, expected) => {
    const body = await browseOk(query);
    expect(labels(body.items)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it.each([
    [{ minPrice: 500, maxPrice: 100 }, BROWSE_FILTER_MESSAGES.priceRange],
    [{ minPrice: -1 }, "The minimum price must be a whole number of rupees."],
    [{ maxPrice: "ten" }, "The maximum price must be a whole number of rupees."],
    [{ maxPrice: 2.5 }, "The maximum price must be a whole number of rupees."],
    [{ maxPrice: 99_999_999 }, "The maximum price can be at most"],
    [{ condition: "broken" }, BROWSE_FILTER_MESSAGES.condition],
    [{ city: "x".repeat(101) }, "The city is at most 100 characters."],
  ])("refuses %o with 400 and a clear message", async (query, message) => {
    const response = await browse(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });
});

describe("GET /api/public/fresh-listings: 'Fresh on campus'", () => {
  it("lists the newest teasers to a signed-out visitor, with nothing of the seller", async () => {
    const response = await get(testApp, "/api/public/fresh-listings");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=30");
    const body = response.json();
    expect(body.city).toBeNull();
    expect(labels(body.items)).toEqual(["guitar", "drafter", "kettle", "lamp", "cycle"]);
    expect(body.items.length).toBeLessThanOrEqual(FRESH_LISTINGS_COUNT);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ["collegeShortName", "condition", "id", "price", "productImage", "productName", "sellerCollege"].sort(),
    );
    expect(response.body).not.toContain("Meera");
    expect(body.cities).toContain(CITY);
  });

  it("lists one city's when asked, whatever its case", async () => {
    const body = (await get(testApp, "/api/public/fresh-listings?city=bhopal")).json();
    expect(body.city).toBe(CITY);
    expect(labels(body.items)).toEqual(["kettle", "lamp", "cycle"]);
    expect(body.items[0]).toMatchObject({ sellerCollege: OTHER_NEIGHBOUR, collegeShortName: "BU" });
  });

  it("refuses a city the directory lacks with 400", async () => {
    const response = await get(testApp, "/api/public/fresh-listings?city=Atlantis");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("pick a city from the list");
  });
});
