import type { ItemInput } from "@shared/api/items";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { items } from "../../server/db/schema";
import type { TestApp } from "../helpers/test-app";

/** A complete Sell form as the browser sends it; overrides change single fields. */
export function buildSellForm(productImage: string, overrides: Record<string, unknown> = {}): ItemInput {
  return {
    productName: "Casio fx-991EX calculator",
    type: "Calculator",
    price: 650,
    category: "gadgets",
    condition: "like new",
    description: "Used for two semesters, works perfectly. Cover included.",
    showMobileNumber: false,
    productImage,
    ...overrides,
  } as ItemInput;
}

export function sendItem(
  testApp: TestApp,
  method: "POST" | "PATCH",
  url: string,
  cookie: string | undefined,
  payload: object,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** Posts an item through the API, as the Sell form does, and returns it. */
export async function postItem(testApp: TestApp, cookie: string, form: ItemInput) {
  const response = await sendItem(testApp, "POST", "/api/items", cookie, form);
  if (response.statusCode !== 201)
    throw new Error(`post item failed: ${response.statusCode} ${response.body}`);
  return response.json().item as { id: string } & ItemInput;
}

export async function countItems(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(items);
  return row?.n ?? 0;
}

export async function findItemRow(testApp: TestApp, id: string) {
  const [row] = await testApp.database.db.select().from(items).where(eq(items.id, id));
  return row;
}
