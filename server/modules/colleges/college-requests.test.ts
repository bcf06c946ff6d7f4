import { randomBytes } from "node:crypto";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, collegeRequests, colleges, items, notifications, users } from "../../../server/db/schema";
import { insertItem } from "../../../tests/factories/items";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { startSessionFor } from "../../../tests/security/world";

let testApp: TestApp;
let adminCookie: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error("no admin");
  adminCookie = await startSessionFor(testApp, admin.id);
});
afterAll(() => testApp.close());

const unique = () => randomBytes(3).toString("hex");

/** Signs a student up with 'My college isn't listed'. */
async function signUpNotListed(name: string, city: string, ip = "198.51.100.20") {
  const body = buildSignup({ city, college: name, collegeNotListed: true });
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: body,
    remoteAddress: ip,
  });
  return { body, response };
}

async function pendingRequests() {
  const response = await get(testApp, "/api/admin/college-requests", { cookie: adminCookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toContain("no-store");
  return response.json().requests as { id: string; name: string; city: string; student: { id: string } }[];
}

async function notificationsOf(userId: string) {
  return testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe("'My college isn't listed' at sign-up", () => {
  it("creates the account with the city, 'College pending' and one request in the Colleges tab", async () => {
    const name = `Sunrise Institute ${unique()}`;
    const { response } = await signUpNotListed(`  ${name}  `, "Nashik");
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json().user;
    expect(user).toMatchObject({ city: "Nashik", college: "", collegePending: true });

    const requests = await pendingRequests();
    expect(requests.filter((request) => request.student.id === user.id)).toEqual([
      expect.objectContaining({ name, city: "Nashik", status: "pending" }),
    ]);
  });

  it("gives the directory's college at once when the typed name is listed in that city", async () => {
    const { response } = await signUpNotListed("iit bombay", "mumbai");
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user).toMatchObject({
      city: "Mumbai",
      college: "IIT Bombay",
      collegePending: false,
    });
    const rows = await testApp.database.db
      .select()
      .from(collegeRequests)
      .where(eq(collegeRequests.userId, response.json().user.id));
    expect(rows).toEqual([]);
  });

  it("refuses a name without letters, a blank city and a name over 200 characters with 400", async () => {
    for (const [name, city, message] of [
      ["1234", "Pune", COLLEGE_REQUEST_TEXTS.nameNeedsLetter],
      ["Good College", "   ", "Please select your city and college"],
      ["A".repeat(201), "Pune", COLLEGE_REQUEST_TEXTS.nameTooLong],
      ["X", "Pune", COLLEGE_REQUEST_TEXTS.nameTooShort],
    ] as const) {
      const { response } = await signUpNotListed(name, city);
      expect(response.statusCode, `${name}/${city}`).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it("without the flag, a college the directory lacks is still refused", async () => {
    const response = await post(
      testApp,
      "/api/auth/signup",
      buildSignup({ city: "Nashik", college: "Nowhere" }),
    );
    expect(response.statusCode).toBe(400);
  });
});

describe("the administrator's decision", () => {
  it("'Add' puts the college in the directory, assigns the student and their listings, notifies once, audits", async () => {
    const name = `Lakeview College ${unique()}`;
    const { response, body } = await signUpNotListed(name, "Bhopal");
    const studentId = response.json().user.id as string;
    const item = await insertItem(testApp, studentId);
    const request = (await pendingRequests()).find((entry) => entry.student.id === studentId);
    if (!request) throw new Error("no request");

    const added = await post(testApp, `/api/admin/college-requests/${request.id}/add`, undefined, {
      cookie: adminCookie,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ request: { status: "added" }, college: { name, city: "Bhopal" } });

    const [college] = await testApp.database.db
      .select()
      .from(colleges)
      .where(and(eq(colleges.city, "Bhopal"), eq(colleges.name, name)));
    expect(college).toBeDefined();
    const [student] = await testApp.database.db.select().from(users).where(eq(users.id, studentId));
    expect(student).toMatchObject({ college: name, city: "Bhopal", collegePending: false });
    const [listing] = await testApp.database.db.select().from(items).where(eq(items.id, item.id));
    expect(listing?.sellerCollege).toBe(name);
    expect((await notificationsOf(studentId)).map((row) => [row.type, row.text])).toEqual([
      ["admin", COLLEGE_REQUEST_TEXTS.added(name, "Bhopal")],
    ]);
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, studentId));
    expect(audit.map((entry) => entry.action)).toEqual(["college.request.add"]);

    // Decided once: a second click (or the other decision) is refused, and nobody is told twice.
    const again = await post(testApp, `/api/admin/college-requests/${request.id}/add`, undefined, {
      cookie: adminCookie,
    });
    expect(again.statusCode).toBe(409);
    const merge = await post(
      testApp,
      `/api/admin/college-requests/${request.id}/merge`,
      { collegeId: college?.id },
      { cookie: adminCookie },
    );
    expect(merge.statusCode).toBe(409);
    expect(await notificationsOf(studentId)).toHaveLength(1);
    expect((await pendingRequests()).some((entry) => entry.id === request.id)).toBe(false);

    // The student's own session now reads the college.
    const me = await get(testApp, "/api/auth/me", { cookie: await startSessionFor(testApp, studentId) });
    expect(me.json().user).toMatchObject({ college: name, collegePending: false });
    expect(body.email).toBeTruthy();
  });

  it("'Merge into {existing}' assigns the student the directory's college and its city, notifies once", async () => {
    const { response } = await signUpNotListed(`IITB Powai campus ${unique()}`, "Bombay");
    const studentId = response.json().user.id as string;
    const request = (await pendingRequests()).find((entry) => entry.student.id === studentId);
    if (!request) throw new Error("no request");
    const [bombay] = await testApp.database.db
      .select()
      .from(colleges)
      .where(and(eq(colleges.city, "Mumbai"), eq(colleges.name, "IIT Bombay")));

    const merged = await post(
      testApp,
      `/api/admin/college-requests/${request.id}/merge`,
      { collegeId: bombay?.id },
      { cookie: adminCookie },
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const [student] = await testApp.database.db.select().from(users).where(eq(users.id, studentId));
    expect(student).toMatchObject({ college: "IIT Bombay", city: "Mumbai", collegePending: false });
    expect((await notificationsOf(studentId)).map((row) => row.text)).toEqual([
      COLLEGE_REQUEST_TEXTS.merged("IIT Bombay", "Mumbai"),
    ]);
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, studentId));
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([
      ["college.request.merge", expect.objectContaining({ requestId: request.id, college: "IIT Bombay" })],
    ]);
  });

  it("'Add' of a college the directory already lists is refused with a way to merge", async () => {
    const { response } = await signUpNotListed(`Race College ${unique()}`, "Indore");
    const studentId = response.json().user.id as string;
    const request = (await pendingRequests()).find((entry) => entry.student.id === studentId);
    if (!request) throw new Error("no request");
    // The directory gains the college after the request was filed.
    await testApp.database.db.insert(colleges).values({ city: "Indore", name: request.name.toUpperCase() });
    const added = await post(testApp, `/api/admin/college-requests/${request.id}/add`, undefined, {
      cookie: adminCookie,
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().error.message).toContain("Merge the request into it instead");
    const [student] = await testApp.database.db.select().from(users).where(eq(users.id, studentId));
    expect(student).toMatchObject({ college: "", collegePending: true });
  });

  it("refuses students, unknown requests, unknown colleges and a malformed college id", async () => {
    const { response } = await signUpNotListed(`Hillside College ${unique()}`, "Shimla");
    const studentId = response.json().user.id as string;
    const request = (await pendingRequests()).find((entry) => entry.student.id === studentId);
    if (!request) throw new Error("no request");
    const student = await createStudent(testApp);

    expect((await get(testApp, "/api/admin/college-requests", { cookie: student.cookie })).statusCode).toBe(
      403,
    );
    expect((await get(testApp, "/api/admin/college-requests")).statusCode).toBe(401);
    const byStudent = await post(testApp, `/api/admin/college-requests/${request.id}/add`, undefined, {
      cookie: student.cookie,
    });
    expect(byStudent.statusCode).toBe(403);
    const unknown = await post(
      testApp,
      "/api/admin/college-requests/00000000-0000-4000-8000-000000000000/add",
      undefined,
      { cookie: adminCookie },
    );
    expect(unknown.statusCode).toBe(404);
    const noCollege = await post(
      testApp,
      `/api/admin/college-requests/${request.id}/merge`,
      { collegeId: "00000000-0000-4000-8000-000000000000" },
      { cookie: adminCookie },
    );
    expect(noCollege.statusCode).toBe(404);
    const malformed = await post(
      testApp,
      `/api/admin/college-requests/${request.id}/merge`,
      { collegeId: "IIT Bombay" },
      { cookie: adminCookie },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(COLLEGE_REQUEST_TEXTS.collegeNotFound);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, studentId));
    expect(row?.collegePending).toBe(true);
    expect(await notificationsOf(studentId)).toEqual([]);
  });
});

/** Files "My college isn't listed" from Settings as a signed-in student. */
function fileFromSettings(cookie: string | undefined, body: object, ip = "198.51.100.30") {
  return testApp.app.inject({
    method: "POST",
    url: "/api/me/college-request",
    payload: body,
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function auditOf(studentId: string) {
  const rows = await testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, studentId));
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, details: row.details }));
}

async function adminUserRow(email: string) {
  const response = await get(testApp, `/api/admin/users?search=${encodeURIComponent(email)}`, {
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().users[0];
}

describe("'My college isn't listed' after sign-up (Settings)", () => {
  it("files a request, keeps the college until the decision, refuses a second with 409, and the admin decides it", async () => {
    const student = await createStudent(testApp);
    const name = `Riverside Institute ${unique()}`;
    const filed = await fileFromSettings(student.cookie, { name: `  ${name} `, city: "Nagpur" });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.headers["cache-control"]).toContain("no-store");
    expect(filed.json()).toMatchObject({
      request: { name, city: "Nagpur" },
      user: { college: "IIT Bombay", city: "Mumbai", collegePending: true },
    });

    const mine = await get(testApp, "/api/me/college-request", { cookie: student.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toContain("no-store");
    expect(mine.json().request).toMatchObject({ name, city: "Nagpur" });
    expect(await auditOf(student.id)).toEqual([
      {
        action: "college.request.file",
        actorId: student.id,
        details: expect.objectContaining({ requested: `${name}, Nagpur`, college: "IIT Bombay" }),
      },
    ]);

    // One waiting request each: a second is refused, naming the first, and changes nothing.
    const second = await fileFromSettings(student.cookie, { name: "Another College", city: "Pune" });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(LATER_COLLEGE_REQUEST_TEXTS.alreadyWaiting(name, "Nagpur"));
    const waiting = await testApp.database.db
      .select()
      .from(collegeRequests)
      .where(and(eq(collegeRequests.userId, student.id), eq(collegeRequests.status, "pending")));
    expect(waiting.map((row) => row.name)).toEqual([name]);

    // The Users tab says 'College pending' with what was asked for.
    expect(await adminUserRow(student.email)).toMatchObject({
      college: "IIT Bombay",
      collegePending: true,
      collegeRequested: { name, city: "Nagpur" },
    });

    // The Colleges tab decides it like a sign-up's request.
    const request = (await pendingRequests()).find((entry) => entry.student.id === student.id);
    if (!request) throw new Error("no request in the Colleges tab");
    const [pune] = await testApp.database.db
      .select()
      .from(colleges)
      .where(eq(colleges.city, "Pune"))
      .limit(1);
    if (!pune) throw new Error("no college in Pune");
    const merged = await post(
      testApp,
      `/api/admin/college-requests/${request.id}/merge`,
      { collegeId: pune.id },
      { cookie: adminCookie },
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const me = await get(testApp, "/api/auth/me", { cookie: student.cookie });
    expect(me.json().user).toMatchObject({ college: pune.name, city: "Pune", collegePending: false });
    expect((await notificationsOf(student.id)).map((row) => row.text)).toEqual([
      COLLEGE_REQUEST_TEXTS.merged(pune.name, "Pune"),
    ]);
    expect(await adminUserRow(student.email)).toMatchObject({
      college: pune.name,
      collegePending: false,
      collegeRequested: null,
    });
    expect((await get(testApp, "/api/me/college-request", { cookie: student.cookie })).json()).toEqual({
      request: null,
    });
    // Decided, the student may ask again.
    const again = await fileFromSettings(student.cookie, {
      name: `Hilltop College ${unique()}`,
      city: "Pune",
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("a student who signed up pending sees their request, and a second is refused with 409", async () => {
    const name = `Greenfield College ${unique()}`;
    const { response } = await signUpNotListed(name, "Indore");
    const cookie = await startSessionFor(testApp, response.json().user.id);
    expect((await get(testApp, "/api/me/college-request", { cookie })).json().request).toMatchObject({
      name,
      city: "Indore",
    });
    const second = await fileFromSettings(cookie, { name: "Greenfield College of Arts", city: "Indore" });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(LATER_COLLEGE_REQUEST_TEXTS.alreadyWaiting(name, "Indore"));
  });

  it("checks the name and city as sign-up does, refuses one's own college, the administrator and strangers", async () => {
    const student = await createStudent(testApp);
    for (const [body, message] of [
      [{ name: "1234", city: "Pune" }, COLLEGE_REQUEST_TEXTS.nameNeedsLetter],
      [{ name: "X", city: "Pune" }, COLLEGE_REQUEST_TEXTS.nameTooShort],
      [{ name: "A".repeat(201), city: "Pune" }, COLLEGE_REQUEST_TEXTS.nameTooLong],
      [{ name: "Good College", city: "   " }, COLLEGE_REQUEST_TEXTS.cityRequired],
      [{ name: "Good College" }, undefined],
      [{ name: "iit  bombay", city: "MUMBAI" }, LATER_COLLEGE_REQUEST_TEXTS.sameCollege],
    ] as const) {
      const refused = await fileFromSettings(student.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.json().error.message).toBe(message);
    }
    const admin = await fileFromSettings(adminCookie, { name: "Admin College", city: "Pune" });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error.message).toBe(LATER_COLLEGE_REQUEST_TEXTS.adminHasNoCollege);
    expect((await fileFromSettings(undefined, { name: "Good College", city: "Pune" })).statusCode).toBe(401);
    expect((await get(testApp, "/api/me/college-request")).statusCode).toBe(401);

    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, student.id));
    expect(row?.collegePending).toBe(false);
    const rows = await testApp.database.db
      .select()
      .from(collegeRequests)
      .where(eq(collegeRequests.userId, student.id));
    expect(rows).toEqual([]);
  });
});

describe("the request limit", () => {
  it("an address filing requests past its allowance is refused with 429", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const { response } = await signUpNotListed(`Flood College ${unique()}`, "Agra", "198.51.100.99");
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("Settings' requests count against the same allowance as sign-up's", async () => {
    const address = "198.51.100.98";
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const { response } = await signUpNotListed(`Busy College ${unique()}`, "Agra", address);
      expect(response.statusCode).toBe(201);
    }
    const student = await createStudent(testApp);
    const refused = await fileFromSettings(student.cookie, { name: "Late College", city: "Agra" }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(COLLEGE_REQUEST_TEXTS.limited);
  });
});
