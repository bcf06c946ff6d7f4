import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, users } from "../../server/db/schema";
import { isMailSubject, MAIL_SUBJECTS } from "../../server/plugins/mail";
import { buildSignup } from "../factories/users";
import { findUserRow, post, whoIs } from "../helpers/api";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "../helpers/test-app";
import { NOT_TEXT_FIELDS, validBody } from "./bodies";
import { fetchDocument, type Operation, operationsOf, urlOf } from "./operations";
import { adminActor, createWorld, insertStudent, queryRows } from "./world";

/**
 * Names that pass for the platform, as a class: a person's name shows in chats, notifications,
 * push titles ("Message from Campus Bazaar Security") and mails, so signup and every name change
 * refuse a link or a word only the platform speaks with, however it is written: look-alike
 * letters from other scripts, hidden characters, fullwidth or mathematical letters, digits for
 * letters, letters spaced apart. Mail subjects quote no name at all.
 */

const IMPERSONATIONS = [
  "Campus Bazaar Security https://cb-verify.in",
  "Campus Bazaar",
  "CampusBazaar Team",
  "Campus-Bazaar Official",
  "C a m p u s Bazaar",
  "Administrator",
  "Admin",
  "Ad\u200Bmin Team",
  "Ad\u00ADmin Team",
  "Ad\u2060min",
  "\u0410dmin",
  "ΑDΜΙΝ",
  "Ａｄｍｉｎ",
  "𝐀𝐝𝐦𝐢𝐧 Desk",
  "Adm1n",
  "Admln",
  "A d m i n",
  "Support",
  "Campus Support",
  "\u0405upport Desk",
  "Supp0rt Team",
  "Moderator Priya",
  "Security Team",
  "$ecurity Cell",
  "Help Desk",
  "Customer Care",
  "Priya bit.ly/refund",
  "Rahul (www.example.com)",
  "Ram bit[.]ly/abc",
  "Priya https://wa.me/919876543210",
];

/** Names students have, which must all pass: any script, initials, words that only contain one. */
const ORDINARY = [
  "Ananya Rao",
  "Muhammad Minhas",
  "A. P. J. Abdul Kalam",
  "प्रिया शर्मा",
  "Supriya Das",
  "José Müller",
];

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

/** Each attempt is judged on its name alone, not on the signup or edit limits. */
const clearLimits = () => testApp.database.db.delete(rateLimits);

function patch(url: string, payload: object, cookie: string) {
  return testApp.app.inject({ method: "PATCH", url, payload, headers: { cookie } });
}

function expectRefused(response: { statusCode: number; json(): unknown }, what: string) {
  expect(response.statusCode, what).toBe(400);
  expect(response.json(), what).toEqual({
    error: { code: "invalid_input", message: SIGNUP_MESSAGES.reservedName },
  });
}

describe("signup", () => {
  it("refuses every name that passes for the platform, with the message, and creates no account", async () => {
    for (const name of IMPERSONATIONS) {
      await clearLimits();
      const body = buildSignup({ name });
      expectRefused(await post(testApp, "/api/auth/signup", body), JSON.stringify(name));
      expect(await findUserRow(testApp, body.email), name).toBeUndefined();
    }
  });

  it("takes ordinary names, and stores a name without the hidden characters typed into it", async () => {
    for (const name of ORDINARY) {
      await clearLimits();
      const body = buildSignup({ name });
      const response = await post(testApp, "/api/auth/signup", body);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      expect((await findUserRow(testApp, body.email))?.name).toBe(name);
    }
    await clearLimits();
    const hidden = buildSignup({ name: "Pri\u200Bya Sha\u00ADrma" });
    expect((await post(testApp, "/api/auth/signup", hidden)).statusCode).toBe(201);
    expect((await findUserRow(testApp, hidden.email))?.name).toBe("Priya Sharma");
  });
});

describe("a name change", () => {
  it("in Settings and in the profile editor refuses every such name and keeps the old one", async () => {
    const student = await insertStudent(testApp, "Kavya Iyer");
    for (const name of IMPERSONATIONS) {
      await clearLimits();
      expectRefused(
        await patch("/api/me/name", { name }, student.cookie),
        `settings: ${JSON.stringify(name)}`,
      );
      expectRefused(
        await patch("/api/me/profile", { name, bio: "Final year ECE", profilePhoto: null }, student.cookie),
        `profile: ${JSON.stringify(name)}`,
      );
    }
    expect((await whoIs(testApp, student.cookie))?.name).toBe("Kavya Iyer");
    await clearLimits();
    expect((await patch("/api/me/name", { name: "Kavya S. Iyer" }, student.cookie)).statusCode).toBe(200);
  });

  it("leaves an account named before the rule as it is: its bio can still be edited", async () => {
    const earlier = await insertStudent(testApp, "Campus Support Club");
    await clearLimits();
    const edited = await patch(
      "/api/me/profile",
      { name: "Campus Support Club", bio: "We help freshers", profilePhoto: null },
      earlier.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user).toMatchObject({ name: "Campus Support Club", bio: "We help freshers" });
    await clearLimits();
    expectRefused(await patch("/api/me/name", { name: "Campus Support Desk" }, earlier.cookie), "a new one");
  });

  it("the administrator the server seeded keeps its name, and can edit its profile", async () => {
    const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(admin?.name).toBe("Administrator");
    const actor = await adminActor(testApp);
    await clearLimits();
    const edited = await patch(
      "/api/me/profile",
      { name: "Administrator", bio: "Campus Bazaar administrator", profilePhoto: null },
      actor.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe("mail subjects", () => {
  it("quote no name: every mail sent in this file has one of the server's own subjects", async () => {
    await clearLimits();
    const body = buildSignup({ name: "Meera Nair" });
    expect((await post(testApp, "/api/auth/signup", body)).statusCode).toBe(201);
    const sent = testApp.mail.filter((mail) => mail.to === body.email);
    expect(sent.map((mail) => mail.subject)).toEqual([MAIL_SUBJECTS.verify]);
    expect(testApp.mail.length).toBeGreaterThan(ORDINARY.length);
    for (const mail of testApp.mail) {
      expect(isMailSubject(mail.subject), mail.subject).toBe(true);
      for (const name of [...ORDINARY, "Meera Nair", "Priya Sharma"])
        expect(mail.subject).not.toContain(name);
    }
  });

  it("a subject that is not one of the server's own is refused, from code or the outbox", () => {
    expect(isMailSubject("Message from Campus Bazaar Security")).toBe(false);
    expect(isMailSubject("You have 3 unread messages on Campus Bazaar")).toBe(true);
    expect(isMailSubject("You have 3 unread messages on Campus Bazaar - Admin")).toBe(false);
  });
});

/** Operations that look a record up by what is typed, storing nothing of it. */
const LOOKUP_ONLY = new Set([
  "POST /api/auth/login",
  "POST /api/auth/forgot-password",
  "POST /api/auth/verify-email",
]);
/** A zero-width space and a soft hyphen: what hides a word from the scam guard or a moderator. */
const HIDDEN = "\u200b\u00ad";

/** Text columns of the database's tables that hold one of the hidden characters. */
async function columnsHoldingHidden(): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    testApp,
    sql`select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'ARRAY', 'jsonb')`,
  );
  const holding: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await queryRows<{ found: boolean }>(
      testApp,
      sql`select exists (select 1 from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text ~ ${"[\u200b\u00ad]"}) as found`,
    );
    if (row?.found) holding.push(`${table}.${column}`);
  }
  return holding;
}

describe("hidden characters never reach the database", () => {
  it("every text field of every body is stored without a zero-width space or a soft hyphen", async () => {
    const operations = operationsOf(await fetchDocument(testApp)).filter(
      (operation: Operation) => operation.method !== "GET" && !LOOKUP_ONLY.has(operation.key),
    );
    const stored: string[] = [];
    for (const operation of operations) {
      // A fresh world for each: a change one operation makes (a block, a suspension) does not
      // stand in the way of the next.
      const world = await createWorld(testApp);
      const caller = operation.role === "admin" ? world.admin : world.owner;
      const valid = await validBody(testApp, operation, world, caller);
      if (!valid || Buffer.isBuffer(valid.payload)) continue;
      const fields = valid.payload as Record<string, unknown>;
      for (const [name, value] of Object.entries(fields)) {
        if (typeof value !== "string" || value.length < 2 || NOT_TEXT_FIELDS.has(name)) continue;
        await clearLimits();
        const response = await testApp.app.inject({
          method: operation.method,
          url: urlOf(operation, world),
          headers: { cookie: caller.cookie },
          payload: { ...fields, [name]: `${value.slice(0, 1)}${HIDDEN}${value.slice(1)}` },
        });
        expect(response.statusCode, `${operation.key} ${name}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode < 300) stored.push(`${operation.key} ${name}`);
      }
    }
    // Names, places, titles, descriptions, messages, purposes, skills, notes, reasons, searches.
    expect(stored.length).toBeGreaterThan(30);
    expect(await columnsHoldingHidden()).toEqual([]);
    // Every write operation of the API in turn: a minute or more on a busy machine.
  }, 240_000);
});
