import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "../e2e-context";
import { makeJpeg } from "./students";

const origin = { origin: baseUrl };

export interface E2eListing {
  productName: string;
  type?: string;
  price?: number;
  category?: "books" | "gadgets" | "other";
  condition?: string;
  description?: string;
  showMobileNumber?: boolean;
}

/**
 * Lists an item through the API as the page's signed-in student, with a real photo uploaded
 * first (a plain JPEG of `colour`); returns the item's id.
 */
export async function postItem(page: Page, listing: E2eListing, colour = "#f59e0b"): Promise<string> {
  const upload = await page.request.post("/api/uploads/images", {
    multipart: { file: { name: "item.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(page, colour) } },
    headers: origin,
  });
  expect(upload.status()).toBe(201);
  const created = await page.request.post("/api/items", {
    data: {
      type: "Desk lamp",
      price: 400,
      category: "other",
      condition: "used",
      description: "Warm light",
      showMobileNumber: false,
      ...listing,
      productImage: ((await upload.json()) as { url: string }).url,
    },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { item: { id: string } }).item.id;
}

/** The buyer (by their page's request context) opens the chat with the seller about an item. */
export async function openChatAbout(
  buyer: APIRequestContext,
  sellerId: string,
  itemId: string,
): Promise<string> {
  const opened = await buyer.post("/api/chats", { data: { userId: sellerId, itemId }, headers: origin });
  expect(opened.status()).toBe(200);
  return ((await opened.json()) as { chat: { id: string } }).chat.id;
}
