import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../server/db/schema";
import { buildSignup } from "../factories/users";
import { post } from "../helpers/api";
import { NOT_TEXT_FIELDS, validBody } from "./bodies";
import { expectErrorShape, openHardeningWorld, propertySchema } from "./hardening-world";
import { urlOf } from "./operations";

/** Texts a person reads refuse control and text-direction characters, in every body that takes one. */

/** A right-to-left override: "Priya \u202eahsrahS" reads as someone else's name. */
const RLO = "\u202e";

/** Operations whose texts are only looked up or checked, never stored or shown to anyone. */
const LOOKUP_ONLY = new Set([
  "POST /api/auth/login",
  "POST /api/auth/forgot-password",
  "POST /api/auth/verify-email",
  "POST /api/auth/reset-password",
  "POST /api/me/password",
]);

const suite = openHardeningWorld();

describe("texts a person reads refuse control and text-direction characters", () => {
  it("every text field of every body is refused with 400 when it holds a direction override or a control", async () => {
    const refusedAsText: string[] = [];
    const accepted: string[] = [];
    for (const operation of suite.operations) {
      if (LOOKUP_ONLY.has(operation.key)) continue;
      const caller = suite.callerOf(operation);
      const valid = await validBody(suite.testApp, operation, suite.world, caller);
      if (!valid || Buffer.isBuffer(valid.payload)) continue;
      const fields = valid.payload as Record<string, unknown>;
      for (const [name, value] of Object.entries(fields)) {
        if (typeof value !== "string" || NOT_TEXT_FIELDS.has(name)) continue;
        const schema = propertySchema(operation, name);
        const isFreeText =
          !schema?.enum && !schema?.format && !schema?.pattern && !("const" in (schema ?? {}));
        for (const hidden of [RLO, "\u0007", "\u2066"]) {
          await suite.testApp.database.db.delete(rateLimits);
          const response = await suite.testApp.app.inject({
            method: operation.method,
            url: urlOf(operation, suite.world),
            headers: { cookie: caller.cookie },
            payload: { ...fields, [name]: `${value.slice(0, 1)}${hidden}${value.slice(1)}` },
          });
          const what = `${operation.key} ${name} with U+${hidden.codePointAt(0)?.toString(16).padStart(4, "0")}`;
          if (response.statusCode < 400) {
            accepted.push(what);
            continue;
          }
          const error = expectErrorShape(response, what);
          if (isFreeText) {
            expect(error.message, what).toMatch(
              /cannot contain .*control characters or text-direction characters/,
            );
            refusedAsText.push(what);
          }
        }
      }
    }
    expect(accepted).toEqual([]);
    // Names, e-mail, places, titles, bios, descriptions, messages, purposes, skills, URLs.
    expect(refusedAsText.length).toBeGreaterThan(60);
  });

  it("single-line texts refuse a line break, multi-line texts keep it", async () => {
    const student = buildSignup({ name: "Priya\nAdmin: your account is blocked" });
    expectErrorShape(await post(suite.testApp, "/api/auth/signup", student), "a two-line name");
    const renamed = await suite.testApp.app.inject({
      method: "PATCH",
      url: "/api/me/name",
      headers: { cookie: suite.world.owner.cookie },
      payload: { name: "Ananya\r\nRao" },
    });
    expectErrorShape(renamed, "a two-line name change");
    const message = await post(
      suite.testApp,
      `/api/chats/${suite.world.chatId}/messages`,
      {
        type: "text",
        clientId: `c-${randomBytes(8).toString("hex")}`,
        text: "Is it there?\nI can come at 5.",
      },
      { cookie: suite.world.owner.cookie },
    );
    expect(message.statusCode).toBe(201);
  });
});
