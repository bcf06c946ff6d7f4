import { randomUUID } from "node:crypto";
import { ADMIN_MESSAGES, type AdminUser, type AuditEntrySchema } from "@shared/api/admin";
import { CLOSE_SESSION_ENDED } from "@shared/live-constants";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { insertItem } from "../../../tests/factories/items";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, signIn, whoIs } from "../../../tests/helpers/api";
import {
  connectLive,
  type LiveClient,
  listenOnLoopback,
  refusedUpgrade,
  TEST_ORIGIN,
} from "../../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog, users } from "../../db/schema";
import { ensureAdminAccount } from "../auth/admin-account";

let testApp: TestApp;
let baseUrl: string;
let adminCookie: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await testApp?.close();
});

function send(method: "PATCH" | "DELETE", url: string, payload?: object, cookie = adminCookie, on = testApp) {
  return on.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** A student written straight to the database, joined at a chosen instant. */
async function insertStudent(values: Partial<typeof users.$inferInsert> & { name: string }) {
  const [row] = await testApp.database.db
    .insert(users)
    .values({
      email: `listed-${randomUUID().slice(0, 12)}@example.in`,
      mobile: "9000000000",
      city: "Pune",
      college: "Fergusson College",
      passwordHash: "not-a-real-hash",
      ...values,
    })
    .returning();
  if (!row) throw new Error("student was not inserted");
  return row;
}

async function list(query: string) {
  const response = await get(testApp, `/api/admin/users?${query}`, { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { users: AdminUser[]; total: number; page: number; totalPages: number };
}
const invalidInput = (message: string) => ({ error: { code: "invalid_input", message } });
const idsOf = async (query: string) => (await list(query)).users.map((user) => user.id);

async function auditEntries() {
  const response = await get(testApp, "/api/admin/audit", { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  return response.json().entries as z.infer<typeof AuditEntrySchema>[];
}
async function auditCount() {
  const [row] = await testApp.database.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}
const userRow = async (id: string) =>
  (await testApp.database.db.select().from(users).where(eq(users.id, id)))[0];

describe("GET /api/admin/users: search", () => {
  let zorawar: string;
  let fan: string;
  let percent: string;
  beforeAll(async () => {
    const idOf = async (values: Parameters<typeof insertStudent>[0]) => (await insertStudent(values)).id;
    zorawar = await idOf({ name: "Zorawar Qadri", email: "zq.alpha@example.in", mobile: "9000011111" });
    fan = await idOf({ name: "Neha Joshi", email: "zorawar.fan@example.in", mobile: "9000022222" });
    percent = await idOf({ name: "Hundred%Club", mobile: "9000033333" });
  });

  it.each([
    ["a lower-case part of the name or the e-mail", "zorawar", () => [fan, zorawar]],
    ["an upper-case query (matched in lower case)", "ZORAWAR QA", () => [zorawar]],
    ["a part of the e-mail", "ALPHA@EXAMPLE", () => [zorawar]],
    ["a part of the mobile", "00022", () => [fan]],
    ["a percent sign taken literally, not as a wildcard", "%", () => [percent]],
    ["an underscore taken literally", "_", () => []],
    ["text nobody has", "no-such-person-xyz", () => []],
  ])("%s", async (_case, search, expected) => {
    const ids = await idsOf(`search=${encodeURIComponent(search)}`);
    expect(ids.sort()).toEqual(expected().sort());
  });

  it("lists neither the administrator nor a deleted student", async () => {
    const gone = await insertStudent({ name: "Zorawar Deleted", deletedAt: new Date() });
    expect((await list(`search=${encodeURIComponent(ADMIN_EMAIL)}`)).total).toBe(0);
    expect(await idsOf("search=zorawar")).not.toContain(gone.id);
  });
});

describe("GET /api/admin/users: joined between two dates, in India's calendar", () => {
  // India is UTC+05:30: 18:30Z is midnight there.
  const at = {
    before: "2024-03-09T18:29:59.000Z", // 9 March, 23:59:59 IST
    start: "2024-03-09T18:30:00.000Z", // 10 March, 00:00:00 IST
    end: "2024-03-12T18:29:59.000Z", // 12 March, 23:59:59 IST
    after: "2024-03-12T18:30:00.000Z", // 13 March, 00:00:00 IST
  };
  const ids = {} as Record<keyof typeof at, string>;
  beforeAll(async () => {
    for (const [key, instant] of Object.entries(at) as [keyof typeof at, string][]) {
      ids[key] = (await insertStudent({ name: `Midnight ${key}`, createdAt: new Date(instant) })).id;
    }
  });

  it("from and to are inclusive, the end date running to 23:59:59, newest first", async () => {
    expect(await idsOf("from=2024-03-10&to=2024-03-12")).toEqual([ids.end, ids.start]);
    expect(await idsOf("from=2024-03-12&to=2024-03-12")).toEqual([ids.end]);
    expect(await idsOf("from=2024-03-09&to=2024-03-09")).toEqual([ids.before]);
  });

  it("either bound alone, and together with a search", async () => {
    expect(await idsOf("search=midnight&from=2024-03-10")).toEqual([ids.after, ids.end, ids.start]);
    expect(await idsOf("to=2024-03-12")).toEqual([ids.end, ids.start, ids.before]);
    expect(await idsOf("search=midnight%20start&from=2024-03-11")).toEqual([]);
  });

  it("refuses a date that is not YYYY-MM-DD", async () => {
    const response = await get(testApp, "/api/admin/users?from=10-03-2024", { cookie: adminCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Please choose a valid from date.");
  });

  it.each([
    ["from", "2024-02-31", "Please choose a valid from date."],
    ["from", "9999-99-99", "Please choose a valid from date."],
    ["to", "2023-02-29", "Please choose a valid to date."],
    ["to", "0000-01-01", "Please choose a valid to date."],
  ])("refuses %s=%s, a day that does not exist, with 400 and the message", async (name, value, message) => {
    const response = await get(testApp, `/api/admin/users?${name}=${value}`, { cookie: adminCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "invalid_input", message } });
  });

  it("takes 29 February of a leap year", async () => {
    const response = await get(testApp, "/api/admin/users?from=2024-02-29&to=2024-02-29", {
      cookie: adminCookie,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("GET /api/admin/users: 25 a page", () => {
  it("pages 26 matches as 25 + 1 with total and totalPages", async () => {
    const made: string[] = [];
    for (let i = 0; i < 26; i++) {
      const joined = new Date(Date.UTC(2025, 0, 1, 0, i));
      made.push((await insertStudent({ name: `Paginated ${i}`, createdAt: joined })).id);
    }
    const first = await list("search=paginated");
    expect(first).toMatchObject({ total: 26, page: 1, totalPages: 2 });
    expect(first.users.map((user) => user.id)).toEqual(made.slice(1).reverse());
    const second = await list("search=paginated&page=2");
    expect(second).toMatchObject({ total: 26, page: 2, totalPages: 2 });
    expect(second.users.map((user) => user.id)).toEqual([made[0]]);
    expect((await list("search=paginated&page=3")).users).toEqual([]);
    const all = await list("");
    expect(all.totalPages).toBe(Math.ceil(all.total / 25));
    expect(all.users).toHaveLength(25);
  });
});

describe("PATCH /api/admin/users/:id", () => {
  const valid = {
    name: "Rohan Verma",
    email: "rohan.verma@example.in",
    mobile: "9876512345",
    city: "Pune",
    college: "Fergusson College",
  };

  it.each(["name", "email", "mobile", "city", "college"] as const)(
    "requires %s: missing or blank -> 400, nothing changed",
    async (field) => {
      const student = await createStudent(testApp);
      const before = await userRow(student.id);
      for (const value of [undefined, "   "]) {
        const response = await send("PATCH", `/api/admin/users/${student.id}`, { ...valid, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(invalidInput(ADMIN_MESSAGES.fieldsRequired));
      }
      expect(await userRow(student.id)).toEqual(before);
    },
  );

  it.each([
    ["email", "rohan.example.in", "Please enter a valid email address"],
    ["mobile", "12345", "Please enter a valid Indian mobile number"],
    ["mobile", "5876512345", "Please enter a valid Indian mobile number"],
  ])("refuses a bad %s (%s) with 400", async (field, value, message) => {
    const student = await createStudent(testApp);
    const response = await send("PATCH", `/api/admin/users/${student.id}`, { ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect((await userRow(student.id))?.name).toBe(student.name);
  });

  it("refuses another account's e-mail (any case) with 409 and changes nothing", async () => {
    const student = await createStudent(testApp);
    const other = await createStudent(testApp);
    const before = await userRow(student.id);
    const audits = await auditCount();
    for (const email of [other.email, other.email.toUpperCase(), ADMIN_EMAIL]) {
      const response = await send("PATCH", `/api/admin/users/${student.id}`, { ...valid, email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: "conflict", message: ADMIN_MESSAGES.emailTaken } });
    }
    expect(await userRow(student.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("saves the five fields, normalised, and writes who/what/when/which to the audit log", async () => {
    const student = await createStudent(testApp, { name: "Old Name", mobile: "9811100000" });
    const startedAt = Date.now();
    const messy = { name: "  Rohan Verma ", email: " Rohan.Verma@Example.IN ", mobile: "98765-12345" };
    const response = await send("PATCH", `/api/admin/users/${student.id}`, { ...valid, ...messy });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: student.id, ...valid });
    expect(await userRow(student.id)).toMatchObject(valid);
    // The student signs in with the new address.
    const newSession = await signIn(testApp, "rohan.verma@example.in", STRONG_PASSWORD);
    expect((await whoIs(testApp, newSession))?.id).toBe(student.id);

    const entry = (await auditEntries()).find((e) => e.action === "user.edit" && e.targetId === student.id);
    expect(entry).toMatchObject({
      actorName: "Administrator",
      targetType: "user",
      details: { before: { name: "Old Name", email: student.email, mobile: "9811100000" }, after: valid },
    });
    expect(Date.parse(entry?.createdAt ?? "")).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(entry?.createdAt ?? "")).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("answers 404 for an unknown or deleted user", async () => {
    const gone = await insertStudent({ name: "Gone Student", deletedAt: new Date() });
    const body = { ...valid, email: "nobody-else@example.in" };
    for (const id of [randomUUID(), gone.id]) {
      expect((await send("PATCH", `/api/admin/users/${id}`, body)).statusCode).toBe(404);
    }
  });

  it("cannot demote the administrator's own account by changing its e-mail", async () => {
    const own = await createTestApp();
    try {
      const cookie = await signIn(own, ADMIN_EMAIL, ADMIN_PASSWORD);
      const adminId = (await whoIs(own, cookie))?.id ?? "";
      await send(
        "PATCH",
        `/api/admin/users/${adminId}`,
        { ...valid, email: "moved@example.in" },
        cookie,
        own,
      );
      await ensureAdminAccount({ db: own.database.db, config: own.config });
      const [row] = await own.database.db.select().from(users).where(eq(users.id, adminId));
      expect(row).toMatchObject({ email: ADMIN_EMAIL, role: "admin" });
    } finally {
      await own.close();
    }
  });
});

describe("DELETE /api/admin/users/:id", () => {
  it("ends the account: no sign-in, sessions and socket ended, items gone, not listed, audited", async () => {
    const doomed = await createStudent(testApp, { name: "Kabir Malhotra" });
    const viewer = await createStudent(testApp);
    const secondSession = await signIn(testApp, doomed.email, STRONG_PASSWORD);
    const item = await insertItem(testApp, doomed.id, { productName: "Kabir's unique sitar" });
    const browse = async () =>
      (await get(testApp, "/api/items?search=unique%20sitar", { cookie: viewer.cookie })).json().total;
    expect(await browse()).toBe(1);
    const socket = await connectLive(baseUrl, doomed.cookie);
    sockets.push(socket);

    const response = await send("DELETE", `/api/admin/users/${doomed.id}`);
    expect(response.statusCode).toBe(204);

    expect(await socket.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    const login = await post(testApp, "/api/auth/login", { email: doomed.email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: { code: "user_disabled", message: "This account has been disabled. Please contact support." },
    });
    for (const cookie of [doomed.cookie, secondSession]) {
      expect((await get(testApp, "/api/auth/me", { cookie })).json()).toEqual({ user: null });
      expect((await get(testApp, "/api/dashboard", { cookie })).statusCode).toBe(401);
    }
    expect(await refusedUpgrade(baseUrl, { cookie: doomed.cookie, origin: TEST_ORIGIN })).toBe(401);
    expect(await browse()).toBe(0);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie })).statusCode).toBe(404);
    expect((await list(`search=${encodeURIComponent(doomed.email)}`)).total).toBe(0);
    const entry = (await auditEntries()).find((e) => e.action === "user.delete" && e.targetId === doomed.id);
    expect(entry).toMatchObject({
      actorName: "Administrator",
      targetType: "user",
      details: { email: doomed.email },
    });
    // Deleting again finds nobody.
    expect((await send("DELETE", `/api/admin/users/${doomed.id}`)).statusCode).toBe(404);
  });

  it("refuses the administrator's own account with 400 and leaves it working", async () => {
    const adminId = (await whoIs(testApp, adminCookie))?.id ?? "";
    const audits = await auditCount();
    const response = await send("DELETE", `/api/admin/users/${adminId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput(ADMIN_MESSAGES.cannotDeleteSelf));
    expect((await userRow(adminId))?.deletedAt).toBeNull();
    expect((await whoIs(testApp, adminCookie))?.id).toBe(adminId);
    expect(await auditCount()).toBe(audits);
  });

  it("answers 404 'User not found' for an unknown id", async () => {
    const response = await send("DELETE", `/api/admin/users/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe("User not found");
  });
});
