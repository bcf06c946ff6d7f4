import { randomBytes } from "node:crypto";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, collegeRequests, colleges, items, notifications, users } from "../../../server/db/schema";
import { insertItem } from "../../../tests/factories/items";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { startSessionFor } from "../../../tests/security/world";

// Edit User giving a 'College pending' student a college of the directory (decision 061).

let testApp: TestApp;
let adminId: string;
let adminCookie: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error("no admin");
  adminId = admin.id;
  adminCookie = await startSessionFor(testApp, admin.id);
});
afterAll(() => testApp.close());

const unique = () => randomBytes(3).toString("hex");

/** A student signed up with 'My college isn't listed': no college yet, one request waiting. */
async function signUpPending(name: string, city: string) {
  const body = buildSignup({ city, college: name, collegeNotListed: true });
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: body,
    remoteAddress: "198.51.100.61",
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...body, id: response.json().user.id as string };
}

function editUser(
  student: { id: string; name: string; email: string; mobile: string },
  place: { city: string; college: string },
) {
  return testApp.app.inject({
    method: "PATCH",
    url: `/api/admin/users/${student.id}`,
    headers: { cookie: adminCookie },
    payload: { name: student.name, email: student.email, mobile: student.mobile, ...place },
  });
}

async function requestsOf(userId: string) {
  return testApp.database.db.select().from(collegeRequests).where(eq(collegeRequests.userId, userId));
}

async function notificationTexts(userId: string) {
  const rows = await testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.map((row) => [row.type, row.text]);
}

async function auditOf(userId: string) {
  const rows = await testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, userId));
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, details: row.details }));
}

async function waitingInCollegesTab(userId: string) {
  const response = await get(testApp, "/api/admin/college-requests", { cookie: adminCookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().requests as { student: { id: string } }[]).filter(
    (request) => request.student.id === userId,
  );
}

async function directoryCollegeOf(city: string) {
  const [college] = await testApp.database.db.select().from(colleges).where(eq(colleges.city, city)).limit(1);
  if (!college) throw new Error(`no college in ${city}`);
  return college;
}

describe("Edit User gives a 'College pending' student a directory college", () => {
  it("ends 'College pending', closes the request as merged, tells the student once and audits it", async () => {
    const requested = `Hillside Institute ${unique()}`;
    const student = await signUpPending(requested, "Thane");
    const item = await insertItem(testApp, student.id);
    const [bombay] = await testApp.database.db
      .select()
      .from(colleges)
      .where(and(eq(colleges.city, "Mumbai"), eq(colleges.name, "IIT Bombay")));
    if (!bombay) throw new Error("no IIT Bombay");

    // Typed in another case: the directory's spelling is written.
    const edited = await editUser(student, { city: "mumbai", college: "iit bombay" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user).toMatchObject({
      city: "Mumbai",
      college: "IIT Bombay",
      collegePending: false,
      collegeRequested: null,
    });

    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, student.id));
    expect(row).toMatchObject({ city: "Mumbai", college: "IIT Bombay", collegePending: false });
    const [listing] = await testApp.database.db.select().from(items).where(eq(items.id, item.id));
    expect(listing?.sellerCollege).toBe("IIT Bombay");
    expect(await requestsOf(student.id)).toEqual([
      expect.objectContaining({ status: "merged", collegeId: bombay.id, decidedBy: adminId }),
    ]);
    expect(await waitingInCollegesTab(student.id)).toEqual([]);
    expect(await notificationTexts(student.id)).toEqual([
      ["admin", COLLEGE_REQUEST_TEXTS.merged("IIT Bombay", "Mumbai")],
    ]);
    expect(await auditOf(student.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "user.edit",
          details: expect.objectContaining({
            after: expect.objectContaining({ city: "Mumbai", college: "IIT Bombay" }),
          }),
        }),
        {
          action: "college.request.merge",
          actorId: adminId,
          details: expect.objectContaining({
            requested: `${requested}, Thane`,
            college: "IIT Bombay",
            city: "Mumbai",
            via: "user.edit",
          }),
        },
      ]),
    );
    expect(await auditOf(student.id)).toHaveLength(2);

    // The student's own session reads the college.
    const me = await get(testApp, "/api/auth/me", { cookie: await startSessionFor(testApp, student.id) });
    expect(me.json().user).toMatchObject({ college: "IIT Bombay", collegePending: false });

    // Saving again tells nobody twice.
    const again = await editUser(student, { city: "Mumbai", college: "IIT Bombay" });
    expect(again.statusCode, again.body).toBe(200);
    expect(await notificationTexts(student.id)).toHaveLength(1);
  });

  it("keeps the request waiting when the college is the one kept meanwhile or not in the directory", async () => {
    const student = await createStudent(testApp);
    const requested = `Valley College ${unique()}`;
    const filed = await testApp.app.inject({
      method: "POST",
      url: "/api/me/college-request",
      payload: { name: requested, city: "Nagpur" },
      remoteAddress: "198.51.100.62",
      headers: { cookie: student.cookie },
    });
    expect(filed.statusCode, filed.body).toBe(201);

    // Another detail saved, the college kept while waiting: still pending.
    const renamed = await editUser(
      { ...student, name: "Renamed Student" },
      { city: student.city, college: student.college },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user).toMatchObject({
      name: "Renamed Student",
      collegePending: true,
      collegeRequested: { name: requested, city: "Nagpur" },
    });

    // A college the directory lacks: still pending.
    const unlisted = await editUser(student, { city: "Nagpur", college: `Nowhere College ${unique()}` });
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    expect(unlisted.json().user).toMatchObject({ collegePending: true });
    expect(await requestsOf(student.id)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(await notificationTexts(student.id)).toEqual([]);
    expect((await auditOf(student.id)).map((entry) => entry.action).sort()).toEqual([
      "college.request.file",
      "user.edit",
      "user.edit",
    ]);

    // A directory college ends it; the request can no longer be decided in the Colleges tab.
    const pune = await directoryCollegeOf("Pune");
    const decided = await editUser(student, { city: "Pune", college: pune.name });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().user).toMatchObject({ college: pune.name, collegePending: false });
    const [request] = await requestsOf(student.id);
    expect(request).toMatchObject({ status: "merged", collegeId: pune.id });
    const merge = await testApp.app.inject({
      method: "POST",
      url: `/api/admin/college-requests/${request?.id}/merge`,
      headers: { cookie: adminCookie },
      payload: { collegeId: pune.id },
    });
    expect(merge.statusCode).toBe(409);
    expect(await notificationTexts(student.id)).toEqual([
      ["admin", COLLEGE_REQUEST_TEXTS.merged(pune.name, "Pune")],
    ]);
  });
});
