import type { OpenAPIV3 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { validBody } from "./bodies";
import { expectErrorShape, openHardeningWorld, propertySchema } from "./hardening-world";
import { urlOf } from "./operations";

/** Dates must be days that exist, in every query parameter and body field that takes one. */

/** Impossible days, each in the YYYY-MM-DD shape. */
const IMPOSSIBLE_DATES = ["2024-02-31", "2023-02-29", "9999-99-99", "2025-13-01", "2025-04-31", "0000-01-01"];

const suite = openHardeningWorld();

describe("dates must be days that exist", () => {
  it("every date-taking query parameter refuses impossible dates with 400 and the error shape", async () => {
    const dated = suite.operations.flatMap((operation) =>
      operation.queryParams
        .filter((parameter) => (parameter.schema as OpenAPIV3.SchemaObject | undefined)?.format === "date")
        .map((parameter) => ({ operation, name: parameter.name })),
    );
    // The admin's user filter (from, to) and the events filter (date) at least.
    expect(dated.map(({ operation, name }) => `${operation.key} ${name}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/users from",
        "GET /api/admin/users to",
        "GET /api/events date",
      ]),
    );
    for (const { operation, name } of dated) {
      for (const date of IMPOSSIBLE_DATES) {
        const response = await suite.testApp.app.inject({
          method: "GET",
          url: `${urlOf(operation, suite.world)}?${name}=${date}`,
          headers: { cookie: suite.callerOf(operation).cookie },
        });
        expectErrorShape(response, `${operation.key} ?${name}=${date}`);
      }
    }
  });

  it("every date-taking body field, and holiday mode's dates, refuse impossible dates with 400", async () => {
    let checked = 0;
    for (const operation of suite.operations) {
      const caller = suite.callerOf(operation);
      const valid = await validBody(suite.testApp, operation, suite.world, caller);
      if (!valid || Buffer.isBuffer(valid.payload)) continue;
      const fields = valid.payload as Record<string, unknown>;
      for (const name of Object.keys(fields)) {
        if (propertySchema(operation, name)?.format !== "date") continue;
        for (const date of IMPOSSIBLE_DATES) {
          const response = await suite.testApp.app.inject({
            method: operation.method,
            url: urlOf(operation, suite.world),
            headers: { cookie: caller.cookie },
            payload: { ...fields, [name]: date },
          });
          expectErrorShape(response, `${operation.key} ${name}=${date}`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(IMPOSSIBLE_DATES.length);
    for (const date of IMPOSSIBLE_DATES) {
      const response = await suite.testApp.app.inject({
        method: "PUT",
        url: "/api/me/holiday",
        headers: { cookie: suite.world.owner.cookie },
        payload: { isActive: true, fromDate: "2099-01-10", toDate: date.replace(/^\d{4}/, "2099") },
      });
      expectErrorShape(response, `holiday to ${date}`);
    }
  });
});
