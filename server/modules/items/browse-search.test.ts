import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

/** This file's sellers study here (and nowhere else in the tests' data), so searches see only them. */
const CITY = "Kolkata";
const COLLEGE = "Jadavpur University";

let testApp: TestApp;
let viewer: string;
/** Items of the fixed data set, by a short name. */
const known: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await createStudent(testApp)).cookie;
  const seller = await createStudent(testApp, { city: CITY, college: COLLEGE, name: "Ritika Sen" });
  const day = (n: number) => new Date(Date.UTC(2025, 2, n, 9, 0, 0));
  // Oldest first; each row's price is its place, so a price sort is easy to read.
  const rows: [string, string, string, number][] = [
    ["casio", "Casio fx-991EX scientific", "Calculator", 650],
    ["books", "Set of 3 engineering books", "Textbooks", 900],
    ["kitabHindi", "हिंदी व्याकरण की किताब", "किताब", 150],
    ["mechanics", "Engineering Mechanics book", "Textbook", 400],
    ["kitabLatin", "Purani kitab, Physics", "Kitab", 120],
    ["sheets", "A3 drawing sheets", "Paper", 90],
    ["forDrawing", "Sheets for drawing, A2", "Paper", 110],
    ["cycle", "Hero साइकिल 26 inch", "Cycle", 3500],
    ["bookNewest", "Data Structures book", "Textbook", 350],
  ];
  for (const [i, [label, productName, type, price]] of rows.entries())
    known[label] = (
      await insertItem(testApp, seller.id, { productName, type, price, createdAt: day(i + 1) })
    ).id;
});
afterAll(() => testApp.close());

async function browse(query: Record<string, string>) {
  const params = new URLSearchParams({ college: COLLEGE, ...query });
  const response = await get(testApp, `/api/items?${params}`, { cookie: viewer });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The labels of the items a search at this file's college returns, in order, and the total agrees. */
async function labelsFor(query: Record<string, string>): Promise<string[]> {
  const body = await browse(query);
  const labelOf = new Map(Object.entries(known).map(([label, id]) => [id, label]));
  const labels = body.items.map((item: { id: string }) => labelOf.get(item.id) ?? item.id);
  expect(body.total).toBe(labels.length);
  return labels;
}

const sorted = (labels: string[]) => labels.toSorted();

describe("GET /api/items: search forgives", () => {
  it.each([
    ["one typo", "Calculater"],
    ["two typos", "kalkulator"],
    ["a swap of two letters", "calcualtor"],
  ])("forgives %s ('%s' finds the calculator)", async (_label, search) => {
    expect(await labelsFor({ search })).toEqual(["casio"]);
  });

  it("finds the same items for 'book' and 'books'", async () => {
    const books = await labelsFor({ search: "books" });
    expect(sorted(await labelsFor({ search: "book" }))).toEqual(sorted(books));
    expect(sorted(books)).toEqual(sorted(["books", "mechanics", "bookNewest", "kitabHindi", "kitabLatin"]));
  });

  it.each([["fx991"], ["fx 991ex"], ["FX-991"], ["fx.991ex"]])(
    "finds a model number whatever its punctuation and spacing ('%s')",
    async (search) => {
      expect(await labelsFor({ search })).toEqual(["casio"]);
    },
  );

  it("finds 'किताब' for 'kitab' and 'kitab' for 'किताब', with the books", async () => {
    const kitab = await labelsFor({ search: "kitab" });
    expect(kitab).toContain("kitabHindi");
    expect(sorted(kitab)).toEqual(sorted(await labelsFor({ search: "किताब" })));
    expect(kitab).toContain("kitabLatin");
    expect(kitab).toContain("mechanics");
  });

  it("finds 'साइकिल' for 'cycle' and the other way round", async () => {
    expect(await labelsFor({ search: "cycle" })).toEqual(["cycle"]);
    expect(await labelsFor({ search: "साइकिल" })).toEqual(["cycle"]);
    expect(await labelsFor({ search: "saikil" })).toEqual(["cycle"]);
  });

  it.each([["xylophone"], ["trombone calculator"], ["zq"]])(
    "finds nothing for an unrelated search ('%s')",
    async (search) => {
      expect(await labelsFor({ search })).toEqual([]);
    },
  );
});

describe("GET /api/items: a search's order", () => {
  it("puts the best matches first, newest first among equals", async () => {
    // 'books' as typed first (one item), then the singular and the synonyms, newest first.
    expect(await labelsFor({ search: "books" })).toEqual([
      "books",
      "bookNewest",
      "kitabLatin",
      "mechanics",
      "kitabHindi",
    ]);
    // The words together as typed, then the words in another order.
    expect(await labelsFor({ search: "drawing sheets" })).toEqual(["sheets", "forDrawing"]);
    // A word as typed before its synonyms.
    expect(await labelsFor({ search: "book" })).toEqual([
      "bookNewest",
      "mechanics",
      "books",
      "kitabLatin",
      "kitabHindi",
    ]);
    // 'Best match' chosen by name is the same order; without a search it is newest first.
    expect(await labelsFor({ search: "drawing sheets", sort: "best-match" })).toEqual([
      "sheets",
      "forDrawing",
    ]);
    expect(await labelsFor({ sort: "best-match" })).toEqual(await labelsFor({ sort: "newest" }));
  });

  it("keeps the order the student chose", async () => {
    expect(await labelsFor({ search: "books", sort: "newest" })).toEqual([
      "bookNewest",
      "kitabLatin",
      "mechanics",
      "kitabHindi",
      "books",
    ]);
    expect(await labelsFor({ search: "drawing sheets", sort: "oldest" })).toEqual(["sheets", "forDrawing"]);
    expect(await labelsFor({ search: "book", sort: "price-low" })).toEqual([
      "kitabLatin",
      "kitabHindi",
      "bookNewest",
      "mechanics",
      "books",
    ]);
  });

  it("pages a best-match order without repeating or losing an item", async () => {
    const seller = await createStudent(testApp, { city: CITY, college: COLLEGE });
    const exact: string[] = [];
    const plural: string[] = [];
    for (let i = 0; i < 8; i++) {
      const createdAt = new Date(Date.UTC(2024, 5, 1 + i));
      exact.push((await insertItem(testApp, seller.id, { productName: `Pagelamp ${i}`, createdAt })).id);
      plural.push(
        (await insertItem(testApp, seller.id, { productName: `Pagelamps set ${i}`, createdAt })).id,
      );
    }
    // 'pagelamps' as typed: the sets; then 'pagelamp': the single lamps, each tier newest first.
    const expected = [...plural.toReversed(), ...exact.toReversed()];
    const first = await browse({ search: "pagelamps" });
    const second = await browse({ search: "pagelamps", page: "2" });
    expect(first).toMatchObject({ total: 16, totalPages: 2 });
    expect([...first.items, ...second.items].map((item: { id: string }) => item.id)).toEqual(expected);
  });
});
