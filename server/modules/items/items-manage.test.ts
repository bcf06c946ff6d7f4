import { randomUUID } from "node:crypto";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { buildSellForm, findItemRow, postItem, sendItem } from "../../../tests/factories/sell";
import { createStudent } from "../../../tests/factories/users";
import { get, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { uploadedImageUrl } from "../../../tests/helpers/uploads";

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createStudent>>;
let stranger: Awaited<ReturnType<typeof createStudent>>;
let adminCookie: string;
let sellerImage: string;
let strangerImage: string;
beforeAll(async () => {
  // One seller posts and edits many items here; the posting limits have their own tests.
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" });
  seller = await createStudent(testApp, { name: "Ishita Rao" });
  stranger = await createStudent(testApp, { name: "Kabir Singh" });
  sellerImage = await uploadedImageUrl(testApp, seller.cookie, "kettle.jpg");
  strangerImage = await uploadedImageUrl(testApp, stranger.cookie, "other.jpg");
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => testApp.close());

function call(method: "POST" | "PUT" | "DELETE", url: string, cookie?: string) {
  return testApp.app.inject({ method, url, headers: cookie ? { cookie } : {} });
}

const editItem = (id: string, cookie: string | undefined, body: object) =>
  sendItem(testApp, "PATCH", `/api/items/${id}`, cookie, body);

/** A unique product name, so a browse search finds exactly this test's item. */
const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function browseFor(search: string, cookie: string) {
  const response = await get(testApp, `/api/items?search=${encodeURIComponent(search)}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("ownership: only the seller edits, marks as sold or deletes", () => {
  const attempts: [string, (id: string, cookie?: string) => Promise<LightMyRequestResponse>][] = [
    ["PATCH", (id, cookie) => editItem(id, cookie, buildSellForm(strangerImage, { price: 1 }))],
    ["POST /sold", (id, cookie) => call("POST", `/api/items/${id}/sold`, cookie)],
    ["DELETE", (id, cookie) => call("DELETE", `/api/items/${id}`, cookie)],
  ];

  it.each(attempts)("%s by another student -> 403, and the row is unchanged", async (_label, attempt) => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const before = await findItemRow(testApp, item.id);
    const response = await attempt(item.id, stranger.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: "forbidden", message: SELL_MESSAGES.notYourItem } });
    expect(await findItemRow(testApp, item.id)).toEqual(before);
  });

  it.each(attempts)("%s signed out -> 401, and the row is unchanged", async (_label, attempt) => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const before = await findItemRow(testApp, item.id);
    expect((await attempt(item.id)).statusCode).toBe(401);
    expect(await findItemRow(testApp, item.id)).toEqual(before);
  });

  it.each(attempts)("%s on an unknown item -> 404 'Item not found'", async (_label, attempt) => {
    const response = await attempt(randomUUID(), seller.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(SELL_MESSAGES.notFound);
  });
});

describe("PATCH /api/items/:id", () => {
  it("lets the seller edit every field while keeping the same image", async () => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const changes = {
      productName: "Prestige electric kettle",
      type: "Kettle",
      price: 900,
      category: "other",
      condition: "used",
      description: "1.5 litre, auto cut-off.",
      showMobileNumber: true,
    };
    const response = await editItem(item.id, seller.cookie, buildSellForm(sellerImage, changes));
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ ...changes, id: item.id, productImage: sellerImage });
    expect(await findItemRow(testApp, item.id)).toMatchObject({ ...changes, productImage: sellerImage });
  });

  it("keeps an item's existing image even when it is not one of the seller's uploads", async () => {
    const old = await insertItem(testApp, seller.id, { productImage: "https://images.example.in/old.jpg" });
    const form = buildSellForm("https://images.example.in/old.jpg", { price: 700 });
    const response = await editItem(old.id, seller.cookie, form);
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({
      price: 700,
      productImage: "https://images.example.in/old.jpg",
    });
  });

  it("lets the seller switch to a new image of their own, not to someone else's", async () => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const refused = await editItem(item.id, seller.cookie, buildSellForm(strangerImage, { price: 5 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SELL_MESSAGES.imageRequired);
    expect(await findItemRow(testApp, item.id)).toMatchObject({ productImage: sellerImage, price: 650 });

    const newImage = await uploadedImageUrl(testApp, seller.cookie, "kettle-side.jpg");
    const accepted = await editItem(item.id, seller.cookie, buildSellForm(newImage));
    expect(accepted.statusCode).toBe(200);
    expect((await findItemRow(testApp, item.id))?.productImage).toBe(newImage);
  });

  it.each([
    ["price 0", { price: 0 }, SELL_MESSAGES.priceInvalid],
    ["a blank name", { productName: "  " }, SELL_MESSAGES.productNameRequired],
    ["a blank type", { type: "" }, SELL_MESSAGES.typeRequired],
  ])(
    "enforces the sell rules on edits too (%s): 400 and the row unchanged",
    async (_rule, overrides, message) => {
      const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
      const before = await findItemRow(testApp, item.id);
      const response = await editItem(item.id, seller.cookie, buildSellForm(sellerImage, overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(await findItemRow(testApp, item.id)).toEqual(before);
    },
  );
});

describe("POST /api/items/:id/sold", () => {
  it("marks the item sold: inactive, isSold, soldAt set; it leaves browse; a second time -> 409", async () => {
    const name = uniqueName("Hero Sprint cycle");
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage, { productName: name }));
    expect((await browseFor(name, stranger.cookie)).items.map((i: { id: string }) => i.id)).toEqual([
      item.id,
    ]);

    const response = await call("POST", `/api/items/${item.id}/sold`, seller.cookie);
    expect(response.statusCode).toBe(200);
    const sold = response.json().item;
    expect(sold).toMatchObject({ id: item.id, isActive: false, isSold: true });
    expect(new Date(sold.soldAt).getTime()).not.toBeNaN();
    const row = await findItemRow(testApp, item.id);
    expect(row).toMatchObject({ isActive: false, isSold: true });
    expect(row?.soldAt).toBeInstanceOf(Date);

    expect(await browseFor(name, stranger.cookie)).toMatchObject({ items: [], total: 0 });
    const again = await call("POST", `/api/items/${item.id}/sold`, seller.cookie);
    expect(again.statusCode).toBe(409);
    expect((await findItemRow(testApp, item.id))?.soldAt).toEqual(row?.soldAt);
  });
});

describe("DELETE /api/items/:id", () => {
  it("deletes the seller's item: 204, then 404 for the detail and for a second delete", async () => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const response = await call("DELETE", `/api/items/${item.id}`, seller.cookie);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await findItemRow(testApp, item.id)).toBeUndefined();
    const detail = await get(testApp, `/api/items/${item.id}`, { cookie: seller.cookie });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error.message).toBe(SELL_MESSAGES.notFound);
    expect((await call("DELETE", `/api/items/${item.id}`, seller.cookie)).statusCode).toBe(404);
  });
});

describe("favourites", () => {
  const isFavourite = async (id: string, cookie: string) =>
    (await get(testApp, `/api/items/${id}`, { cookie })).json().isFavourite;

  it("stores the favourite per user: PUT makes it true, DELETE false again", async () => {
    const item = await insertItem(testApp, seller.id);
    expect((await call("PUT", `/api/items/${item.id}/favourite`, stranger.cookie)).statusCode).toBe(204);
    expect((await call("PUT", `/api/items/${item.id}/favourite`, stranger.cookie)).statusCode).toBe(204);
    expect(await isFavourite(item.id, stranger.cookie)).toBe(true);
    expect(await isFavourite(item.id, seller.cookie)).toBe(false);

    expect((await call("DELETE", `/api/items/${item.id}/favourite`, stranger.cookie)).statusCode).toBe(204);
    expect(await isFavourite(item.id, stranger.cookie)).toBe(false);
  });

  it("answers 404 for a favourite on an unknown item, and 401 signed out", async () => {
    const response = await call("PUT", `/api/items/${randomUUID()}/favourite`, stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(SELL_MESSAGES.notFound);
    const item = await insertItem(testApp, seller.id);
    expect((await call("PUT", `/api/items/${item.id}/favourite`)).statusCode).toBe(401);
  });
});

describe("GET /api/me/items", () => {
  it("lists the user's own items, newest first, sold ones included, nobody else's", async () => {
    const owner = await createStudent(testApp);
    const older = await insertItem(testApp, owner.id, { createdAt: new Date("2025-01-10T10:00:00Z") });
    const sold = await insertItem(testApp, owner.id, {
      createdAt: new Date("2025-02-10T10:00:00Z"),
      isActive: false,
      isSold: true,
      soldAt: new Date("2025-03-01T10:00:00Z"),
    });
    const newest = await insertItem(testApp, owner.id, { createdAt: new Date("2025-03-10T10:00:00Z") });
    await insertItem(testApp, seller.id);

    const response = await get(testApp, "/api/me/items", { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const listed = response.json().items;
    expect(listed.map((i: { id: string }) => i.id)).toEqual([newest.id, sold.id, older.id]);
    expect(listed[1]).toMatchObject({ isActive: false, isSold: true, soldAt: "2025-03-01T10:00:00.000Z" });
    expect((await get(testApp, "/api/me/items")).statusCode).toBe(401);
  });
});

describe("abilities: what each viewer may do with an item", () => {
  const SELLER_OF_ACTIVE = {
    canEdit: true,
    canMarkSold: true,
    canDelete: true,
    canContact: false,
    canFavourite: false,
    canReport: false,
    canOffer: false,
    canRelease: false,
    // Fresh: renewal is due only in its last 3 days.
    canRenew: false,
  };
  const ANYONE_ELSE = {
    canEdit: false,
    canMarkSold: false,
    canDelete: false,
    canContact: true,
    canFavourite: true,
    canReport: true,
    canOffer: true,
    canRelease: false,
    canRenew: false,
  };
  const abilitiesOf = async (id: string, cookie: string) =>
    (await get(testApp, `/api/items/${id}`, { cookie })).json().item.abilities;

  it("gives the seller edit, mark sold and delete; another student and the administrator contact and favourite", async () => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    expect((item as unknown as { abilities: object }).abilities).toEqual(SELLER_OF_ACTIVE);
    expect(await abilitiesOf(item.id, seller.cookie)).toEqual(SELLER_OF_ACTIVE);
    expect(await abilitiesOf(item.id, stranger.cookie)).toEqual(ANYONE_ELSE);
    expect(await abilitiesOf(item.id, adminCookie)).toEqual(ANYONE_ELSE);
  });

  it("leaves the seller only delete once the item is sold, and the server refuses the rest", async () => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const sold = await call("POST", `/api/items/${item.id}/sold`, seller.cookie);
    const afterSale = { ...SELLER_OF_ACTIVE, canEdit: false, canMarkSold: false, canRenew: false };
    expect(sold.json().item.abilities).toEqual(afterSale);
    expect(await abilitiesOf(item.id, seller.cookie)).toEqual(afterSale);
    // A sold item takes no more offers.
    expect(await abilitiesOf(item.id, stranger.cookie)).toEqual({ ...ANYONE_ELSE, canOffer: false });
    expect((await editItem(item.id, seller.cookie, buildSellForm(sellerImage))).statusCode).toBe(409);
    expect((await call("POST", `/api/items/${item.id}/sold`, seller.cookie)).statusCode).toBe(409);
    expect((await call("DELETE", `/api/items/${item.id}`, seller.cookie)).statusCode).toBe(204);
  });

  it("carries each viewer's abilities on browse cards and on the seller's own list", async () => {
    const name = uniqueName("Abilities lamp");
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage, { productName: name }));
    expect((await browseFor(name, seller.cookie)).items[0].abilities).toEqual(SELLER_OF_ACTIVE);
    expect((await browseFor(name, stranger.cookie)).items[0].abilities).toEqual(ANYONE_ELSE);
    const own = (await get(testApp, "/api/me/items", { cookie: seller.cookie })).json().items;
    expect(own.find((each: { id: string }) => each.id === item.id).abilities).toEqual(SELLER_OF_ACTIVE);
  });
});
