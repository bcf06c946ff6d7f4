import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { findUserRow, get, post, signIn, signInResponse, whoIs } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loadConfig } from "../../config/env";
import { users } from "../../db/schema";
import { ensureAdminAccount } from "./admin-account";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function adminEmails(): Promise<string[]> {
  const rows = await testApp.database.db.select().from(users).where(eq(users.role, "admin"));
  return rows.map((row) => row.email);
}

describe("the administrator account", () => {
  it("exists for ADMIN_EMAIL with role admin and signs in with ADMIN_PASSWORD", async () => {
    expect(await adminEmails()).toEqual([ADMIN_EMAIL]);
    const response = await signInResponse(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: ADMIN_EMAIL, role: "admin" });
  });

  it("shows the role to the browser: admin for the administrator, student for everyone else", async () => {
    const admin = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await whoIs(testApp, admin))?.role).toBe("admin");
    const student = await createStudent(testApp);
    expect((await whoIs(testApp, student.cookie))?.role).toBe("student");
  });
});

describe("a student cannot become administrator by any request", () => {
  it("ignores a role sent along with the signup", async () => {
    const body = { ...buildSignup(), role: "admin", isAdmin: true };
    const response = await post(testApp, "/api/auth/signup", body);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe("student");
    expect((await findUserRow(testApp, body.email))?.role).toBe("student");
    expect(await adminEmails()).toEqual([ADMIN_EMAIL]);
  });

  it("cannot sign up with the administrator's address, in any letter case", async () => {
    const before = await findUserRow(testApp, ADMIN_EMAIL);
    for (const email of [ADMIN_EMAIL, ` ${ADMIN_EMAIL.toUpperCase()} `]) {
      const response = await post(testApp, "/api/auth/signup", buildSignup({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("email_in_use");
    }
    expect(await findUserRow(testApp, ADMIN_EMAIL)).toEqual(before);
  });

  it("keeps a student out of the admin operations", async () => {
    const student = await createStudent(testApp);
    const response = await get(testApp, "/api/admin/overview", { cookie: student.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("forbidden");
  });
});

describe("ensureAdminAccount", () => {
  it("is idempotent for the same ADMIN_EMAIL", async () => {
    const config = loadConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "silent" });
    await ensureAdminAccount({ db: testApp.database.db, config });
    expect(await adminEmails()).toEqual([ADMIN_EMAIL]);
    expect(await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD)).toMatch(/^cb_session=/);
  });

  it("with another ADMIN_EMAIL makes that account the administrator and the old one a student", async () => {
    const newEmail = "dean@campusbazaar.test";
    const newPassword = "Dean#Office2025";
    const config = loadConfig({ ADMIN_EMAIL: newEmail, ADMIN_PASSWORD: newPassword, LOG_LEVEL: "silent" });
    await ensureAdminAccount({ db: testApp.database.db, config });

    expect(await adminEmails()).toEqual([newEmail]);
    expect((await findUserRow(testApp, ADMIN_EMAIL))?.role).toBe("student");
    const oldAdmin = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await get(testApp, "/api/admin/overview", { cookie: oldAdmin })).statusCode).toBe(403);
    const newAdmin = await signIn(testApp, newEmail, newPassword);
    expect((await whoIs(testApp, newAdmin))?.role).toBe("admin");
    expect((await get(testApp, "/api/admin/overview", { cookie: newAdmin })).statusCode).toBe(200);
  });
});
