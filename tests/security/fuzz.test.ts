import fc from "fast-check";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { type RequestBody, validBody } from "./bodies";
import { fetchDocument, type Operation, operationsOf, pathValue } from "./operations";
import { createWorld, isIntact, type World } from "./world";

/**
 * JSON fuzzing of issue 9: every operation in the OpenAPI document gets generated bad bodies, query
 * strings and path parameters from a caller it admits. Bad input must get a 4xx with the error
 * shape, never a 5xx. The runs are bounded and seeded, so a failure replays.
 */

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 20);
/** Pages a mail client's link opens: they answer people, refusals too, with an HTML page. */
const PAGE_OPERATIONS = new Set(["GET /api/email/unsubscribe", "POST /api/email/unsubscribe"]);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

let testApp: TestApp;
let operations: Operation[];
beforeAll(async () => {
  testApp = await createTestApp();
  operations = operationsOf(await fetchDocument(testApp));
});
afterAll(() => testApp?.close());

/** Strings that have broken servers before: NUL bytes, lone surrogates, huge numbers, paths, markup. */
const nastyString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  // PostgreSQL text cannot hold NUL.
  fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\uffff",
    "%00",
    "%",
    "%ZZ",
    "../../etc/passwd",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "NaN",
    "Infinity",
    "-0",
    "1e309",
    "99999999999999999999999999",
    "-1",
    "0",
    "2025-02-30",
    "9999-99-99",
    "24:61",
    "00000000-0000-0000-0000-000000000000",
    "__proto__",
    "constructor",
    "x".repeat(5000),
  ),
  { arbitrary: fc.constantFrom("a\u0000b", "\u0000"), weight: 1 },
);

const nastyValue = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31), 1e21),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 4 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

function propertyNames(schema: OpenAPIV3.SchemaObject | undefined): string[] {
  if (!schema) return [];
  const variants = (schema.oneOf ?? schema.anyOf ?? [schema]) as OpenAPIV3.SchemaObject[];
  return [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))];
}

interface FuzzBody {
  payload?: string;
  contentType?: string;
}

/** A valid body with one field made hostile or removed: it gets past the other fields' checks. */
function mutationOf(valid: RequestBody | undefined): fc.Arbitrary<FuzzBody> {
  if (!valid || Buffer.isBuffer(valid.payload)) return fc.constant({});
  const fields = valid.payload as Record<string, unknown>;
  const names = Object.keys(fields);
  if (names.length === 0) return fc.constant({ payload: JSON.stringify(fields) });
  return fc.tuple(fc.constantFrom(...names), fc.option(nastyValue, { freq: 5 })).map(([name, value]) => {
    const mutated = { ...fields };
    if (value === null) delete mutated[name];
    else mutated[name] = value;
    return { payload: JSON.stringify(mutated) };
  });
}

/** Anything at all, or the right field names with wrong or hostile values, or broken JSON text. */
function bodyOf(operation: Operation, valid: RequestBody | undefined): fc.Arbitrary<FuzzBody> {
  const names = propertyNames(operation.bodySchema);
  const nearlyValid = names.length
    ? fc.dictionary(fc.constantFrom(...names), nastyValue, { minKeys: 1, maxKeys: names.length + 1 })
    : fc.dictionary(nastyString, nastyValue, { maxKeys: 3 });
  return fc.oneof(
    mutationOf(valid),
    mutationOf(valid),
    fc.constant({}),
    fc.jsonValue({ maxDepth: 3 }).map((value) => ({ payload: JSON.stringify(value) ?? "null" })),
    nearlyValid.map((value) => ({ payload: JSON.stringify(value) })),
    fc.string({ maxLength: 60 }).map((text) => ({ payload: text })),
    fc
      .tuple(
        fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "application/json; charset=latin1",
        ),
        fc.string({ maxLength: 40 }),
      )
      .map(([contentType, text]) => ({ payload: text, contentType })),
  );
}

/** Query strings with the documented names (and a stranger), values hostile, keys repeated. */
function queryOf(operation: Operation): fc.Arbitrary<string> {
  const names = [...operation.queryParams.map((p) => p.name), "x", "__proto__"];
  return fc
    .array(fc.tuple(fc.constantFrom(...names), nastyString), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ""));
}

/** A path segment; a lone surrogate becomes the percent-encoding of one, which is not UTF-8 at all. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

/** Path parameters: the real record, or something that is not one. */
function pathOf(operation: Operation, world: World): fc.Arbitrary<string> {
  const parts = operation.pathParams.map((name) =>
    fc.oneof(
      fc.constant(pathValue(operation, name, world)),
      nastyString.filter((s) => s.length > 0),
    ),
  );
  return fc.tuple(...parts).map((values) => {
    let index = 0;
    return operation.path.replace(/\{[^}]+\}/g, () => pathSegment(values[index++] ?? ""));
  });
}

describe("fuzzing every operation with bad input", () => {
  it("never answers 5xx, and answers each refusal with the error shape", async () => {
    const serverErrors: string[] = [];
    const shapeless: string[] = [];
    let requests = 0;
    let world = await createWorld(testApp);
    for (const operation of operations) {
      // Each operation starts with a fresh rate budget, so refusals are about the input only.
      await testApp.database.db.delete(rateLimits);
      const isBodyOperation = operation.method !== "GET" && operation.method !== "DELETE";
      const caller = operation.role === "admin" ? world.admin : world.owner;
      const valid = isBodyOperation ? await validBody(testApp, operation, world, caller) : undefined;
      await fc.assert(
        fc.asyncProperty(
          pathOf(operation, world),
          queryOf(operation),
          isBodyOperation ? bodyOf(operation, valid) : fc.constant<FuzzBody>({}),
          async (path, query, body) => {
            requests += 1;
            const response = await testApp.app.inject({
              method: operation.method,
              url: `${path}${query}`,
              headers: {
                cookie: caller.cookie,
                ...(body.payload !== undefined
                  ? { "content-type": body.contentType ?? "application/json" }
                  : {}),
              },
              ...(body.payload !== undefined ? { payload: body.payload } : {}),
            });
            const sample = `${operation.method} ${path}${query} ${body.payload?.slice(0, 200) ?? ""}`;
            if (response.statusCode >= 500)
              serverErrors.push(`${response.statusCode} ${sample}: ${response.body}`);
            else if (
              PAGE_OPERATIONS.has(`${operation.method} ${operation.path}`) &&
              response.headers["content-type"]?.toString().includes("html")
            ) {
              // A page for a person: its refusal is the page, not the JSON error shape.
            } else if (
              response.statusCode >= 400 &&
              !response.headers["content-type"]?.toString().includes("json")
            )
              shapeless.push(`${response.statusCode} ${sample}`);
            else if (response.statusCode >= 400 && typeof response.json().error?.code !== "string")
              shapeless.push(`${response.statusCode} ${sample}: ${response.body.slice(0, 200)}`);
          },
        ),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
      // Fuzzed writes may have deleted the records or ended the sessions the next operation needs.
      if (!(await isIntact(testApp, world))) world = await createWorld(testApp);
    }
    expect(requests).toBeGreaterThan(operations.length * RUNS_PER_OPERATION * 0.9);
    expect(serverErrors).toEqual([]);
    expect(shapeless).toEqual([]);
  });
});

describe("addresses the router cannot decode", () => {
  it("answers a path that is not UTF-8 with 400 and the error shape", async () => {
    for (const url of ["/api/items/%ED%A0%80", "/api/files/images/%C0%AF", "/api/users/%E0%80"]) {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: { code: "invalid_input", message: "The address is not valid." },
      });
    }
  });
});
