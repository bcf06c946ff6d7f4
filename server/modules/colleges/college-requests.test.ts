import { randomBytes } from "node:crypto";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
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
});
