import { randomUUID } from "node:crypto";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFollow, insertItem } from "../../../tests/factories/items";
import { buildSellForm, countItems, findItemRow, postItem, sendItem } from "../../../tests/factories/sell";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp, tokenFromMail } from "../../../tests/helpers/test-app";
import { uploadedImageUrl } from "../../../tests/helpers/uploads";
import { users } from "../../db/schema";

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createStudent>>;
let sellerImage: string;
let strangerImage: string;
beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createStudent(testApp, {
    name: "Aarav Mehta",
    city: "Pune",
    college: "Fergusson College",
    mobile: "9812345670",
  });
  sellerImage = await uploadedImageUrl(testApp, seller.cookie, "calculator.jpg");
  const stranger = await createStudent(testApp);
  strangerImage = await uploadedImageUrl(testApp, stranger.cookie, "their-photo.jpg");
});
afterAll(() => testApp.close());

const invalidInput = (message: string) => ({ error: { code: "invalid_input", message } });

/** Posts a Sell form that must be refused with 400, and shows that no item was written. */
async function expectRefused(payload: object) {
  const before = await countItems(testApp);
  const response = await sendItem(testApp, "POST", "/api/items", seller.cookie, payload);
  expect(response.statusCode).toBe(400);
  expect(await countItems(testApp)).toBe(before);
  return response.json();
}

describe("POST /api/items", () => {
  it("requires sign-in and writes nothing without it", async () => {
    const before = await countItems(testApp);
    const response = await sendItem(testApp, "POST", "/api/items", undefined, buildSellForm(sellerImage));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(await countItems(testApp)).toBe(before);
  });

  it.each([
    ["a blank product name", { productName: "   " }, SELL_MESSAGES.productNameRequired],
    ["an empty product name", { productName: "" }, SELL_MESSAGES.productNameRequired],
    ["no product name", { productName: undefined }, null],
    ["a blank type", { type: " \t " }, SELL_MESSAGES.typeRequired],
    ["no type", { type: undefined }, null],
    ["price 0", { price: 0 }, SELL_MESSAGES.priceInvalid],
    ["price -1", { price: -1 }, SELL_MESSAGES.priceInvalid],
    ["price 9.5", { price: 9.5 }, SELL_MESSAGES.priceInvalid],
    ['price "100" as a string', { price: "100" }, SELL_MESSAGES.priceInvalid],
    ["no price", { price: undefined }, SELL_MESSAGES.priceInvalid],
    ["no image", { productImage: undefined }, SELL_MESSAGES.imageRequired],
    ["an empty image", { productImage: "" }, SELL_MESSAGES.imageRequired],
    [
      "an external https image",
      { productImage: "https://images.example.in/calculator.jpg" },
      SELL_MESSAGES.imageRequired,
    ],
    [
      "an image URL that was never uploaded",
      { productImage: "/api/files/images/1700000000000_ghost.jpg" },
      SELL_MESSAGES.imageRequired,
    ],
    ["category food", { category: "food" }, null],
    ["category all", { category: "all" }, null],
    ["condition broken", { condition: "broken" }, null],
    ["condition other", { condition: "other" }, null],
  ])("refuses %s with 400 and writes no item", async (_rule, overrides, message) => {
    const body = await expectRefused(buildSellForm(sellerImage, overrides));
    if (message) expect(body).toEqual(invalidInput(message));
    else expect(body.error.code).toBe("invalid_input");
  });

  it("refuses an image another student uploaded, with the image message", async () => {
    expect(await expectRefused(buildSellForm(strangerImage))).toEqual(
      invalidInput(SELL_MESSAGES.imageRequired),
    );
  });

  it("creates the item active and unsold, with the seller's name and college; no number unless shown", async () => {
    const response = await sendItem(testApp, "POST", "/api/items", seller.cookie, buildSellForm(sellerImage));
    expect(response.statusCode).toBe(201);
    const { item } = response.json();
    expect(item).toMatchObject({
      sellerId: seller.id,
      sellerName: "Aarav Mehta",
      sellerCollege: "Fergusson College",
      sellerMobile: "",
      productName: "Casio fx-991EX calculator",
      productImage: sellerImage,
      type: "Calculator",
      price: 650,
      category: "gadgets",
      condition: "like new",
      showMobileNumber: false,
      isActive: true,
      isSold: false,
      soldAt: null,
    });
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    expect(await findItemRow(testApp, item.id)).toMatchObject({ sellerId: seller.id, price: 650 });
  });

  it("accepts an empty description: only name, type and price are required", async () => {
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage, { description: "" }));
    expect(item.description).toBe("");
  });

  it("shows the seller's mobile number only when showMobileNumber is set, and trims the texts", async () => {
    const item = await postItem(
      testApp,
      seller.cookie,
      buildSellForm(sellerImage, {
        productName: "  Engineering Drawing, N.D. Bhatt  ",
        type: " Textbook ",
        category: "books",
        condition: "used",
        price: 1,
        showMobileNumber: true,
      }),
    );
    expect(item).toMatchObject({
      productName: "Engineering Drawing, N.D. Bhatt",
      type: "Textbook",
      price: 1,
      sellerMobile: "9812345670",
      showMobileNumber: true,
    });
  });
});

describe("GET /api/items/:id", () => {
  it("requires sign-in", async () => {
    const item = await insertItem(testApp, seller.id);
    expect((await get(testApp, `/api/items/${item.id}`)).statusCode).toBe(401);
  });

  it("answers the item with its seller: not verified, no followers, not a favourite", async () => {
    const viewer = await createStudent(testApp);
    const item = await postItem(testApp, seller.cookie, buildSellForm(sellerImage));
    const response = await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      item: { id: item.id, productName: "Casio fx-991EX calculator", sellerMobile: "" },
      seller: { id: seller.id, name: "Aarav Mehta", college: "Fergusson College" },
      isFavourite: false,
    });
  });

  it("says 'E-mail confirmed' once the e-mail is verified, never 'Verified Student' (the college's), and counts real followers", async () => {
    const student = await createStudent(testApp);
    const viewer = await createStudent(testApp);
    const item = await insertItem(testApp, student.id);
    const detail = async () =>
      (await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie })).json();
    expect((await detail()).seller).toMatchObject({
      isVerified: false,
      isEmailConfirmed: false,
      followers: 0,
    });

    await insertFollow(testApp, viewer.id, student.id);
    await insertFollow(testApp, seller.id, student.id);
    await insertFollow(testApp, student.id, viewer.id);
    const token = tokenFromMail(testApp.mail, student.email);
    expect((await post(testApp, "/api/auth/verify-email", { token })).statusCode).toBe(200);
    expect((await detail()).seller).toMatchObject({
      isVerified: false,
      isEmailConfirmed: true,
      followers: 2,
    });
  });

  it("answers 404 'Item not found' for an unknown id", async () => {
    const response = await get(testApp, `/api/items/${randomUUID()}`, { cookie: seller.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: SELL_MESSAGES.notFound } });
  });

  it("answers 404 'Item not found' when the seller's account was deleted", async () => {
    const gone = await createStudent(testApp);
    const item = await insertItem(testApp, gone.id);
    await testApp.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const response = await get(testApp, `/api/items/${item.id}`, { cookie: seller.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(SELL_MESSAGES.notFound);
  });

  it.each([
    "not-an-id",
    "123",
    "00000000-0000-0000-0000-00000000000g",
    "%27%20or%201%3D1--",
    `${"a".repeat(300)}`,
  ])("answers a malformed id (%s) with 400 or 404, never 500", async (id) => {
    const response = await get(testApp, `/api/items/${id}`, { cookie: seller.cookie });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json().error.message).toBe(SELL_MESSAGES.notFound);
  });
});
