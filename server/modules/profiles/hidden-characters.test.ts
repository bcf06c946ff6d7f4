import { TEXT_MESSAGES } from "@shared/validation/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { findUserRow, post, whoIs } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

/** Names that pass for someone else: reversed by an override, or a forged second line. */
const RLO_NAME = "Priya \u202eahsrahS";
const TWO_LINE_NAME = "Priya\nAdmin: your account is blocked";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function patch(url: string, payload: object, cookie: string) {
  return testApp.app.inject({ method: "PATCH", url, payload, headers: { cookie } });
}

describe("names and other single-line texts refuse control and text-direction characters", () => {
  it("signup refuses such a name with 400 and the message, and creates no account", async () => {
    for (const name of [RLO_NAME, TWO_LINE_NAME, "Priya\u0085Sharma"]) {
      const body = buildSignup({ name });
      const response = await post(testApp, "/api/auth/signup", body);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "invalid_input", message: TEXT_MESSAGES.singleLine("Name") },
      });
      expect(await findUserRow(testApp, body.email)).toBeUndefined();
    }
  });

  it("a name change and a profile edit refuse it and keep the old name", async () => {
    const student = await createStudent(testApp, { name: "Priya Sharma" });
    const renamed = await patch("/api/me/name", { name: RLO_NAME }, student.cookie);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe(TEXT_MESSAGES.singleLine("Name"));
    const profile = await patch(
      "/api/me/profile",
      { name: "Priya Sharma", bio: "Final year\u2067 CSE", profilePhoto: null },
      student.cookie,
    );
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.message).toBe(TEXT_MESSAGES.singleLine("Bio"));
    expect((await whoIs(testApp, student.cookie))?.name).toBe("Priya Sharma");
  });

  it("an item's name refuses it; its description keeps line breaks but refuses the rest", async () => {
    const seller = await createStudent(testApp);
    const image = (await insertItem(testApp, seller.id)).productImage;
    const item = (overrides: object) => ({
      productName: "Study desk",
      type: "Furniture",
      price: 1200,
      category: "other",
      condition: "used",
      description: "Sturdy desk.",
      showMobileNumber: false,
      productImage: image,
      ...overrides,
    });
    const named = await post(testApp, "/api/items", item({ productName: "Desk\u202e" }), {
      cookie: seller.cookie,
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.message).toBe(TEXT_MESSAGES.singleLine("The product name"));
    const described = await post(testApp, "/api/items", item({ description: "Sturdy\u0007 desk" }), {
      cookie: seller.cookie,
    });
    expect(described.statusCode).toBe(400);
    expect(described.json().error.message).toBe(TEXT_MESSAGES.multiLine("The description"));
  });

  it("a chat message keeps its line breaks and refuses a direction override", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const listed = await insertItem(testApp, seller.id);
    const chat = await post(
      testApp,
      "/api/chats",
      { userId: seller.id, itemId: listed.id },
      { cookie: buyer.cookie },
    );
    const chatId = chat.json().chat.id;
    const send = (text: string) =>
      post(
        testApp,
        `/api/chats/${chatId}/messages`,
        { type: "text", clientId: `c-${Math.random().toString(36).slice(2, 12)}`, text },
        { cookie: buyer.cookie },
      );
    expect((await send("Still available?\nI can come at 5")).statusCode).toBe(201);
    const refused = await send("Seller says: \u202eyaw siht yap");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TEXT_MESSAGES.multiLine("A message"));
  });
});
