import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { findUserRow, get, post, signIn, signInResponse, whoIs } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { ConfigError, loadConfig } from "../../config/env";
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

describe("ADMIN_EMAIL naming an account that already exists", () => {
  // Its own app: these tests hand the administrator's role from account to account.
  let app2: TestApp;
  beforeAll(async () => {
    app2 = await createTestApp();
  });
  afterAll(() => app2.close());

  const PASSWORD = "Dean#Office2025";
  const configFor = (email: string, extra: Record<string, string> = {}) =>
    loadConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "silent", ...extra });
  const ensure = (config: ReturnType<typeof loadConfig>) =>
    ensureAdminAccount({ db: app2.database.db, config });
  const roleOf = async (email: string) => (await findUserRow(app2, email))?.role;
  const adminsOf = async () =>
    (await app2.database.db.select().from(users).where(eq(users.role, "admin"))).map((row) => row.email);

  it("refuses to start when the address belongs to a student, naming the conflict and the way out", async () => {
    const student = await createStudent(app2);
    const attempt = ensure(configFor(student.email));
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(ensure(configFor(student.email))).rejects.toThrow(
      new RegExp(
        `ADMIN_EMAIL: ${student.email} belongs to a student account .*ADMIN_EMAIL_TAKEOVER=${student.email}`,
      ),
    );
    expect(await roleOf(student.email)).toBe("student");
    expect(await adminsOf()).toEqual([ADMIN_EMAIL]);
    expect((await whoIs(app2, student.cookie))?.role).toBe("student");
    expect(await signIn(app2, ADMIN_EMAIL, ADMIN_PASSWORD)).toMatch(/^cb_session=/);
  });

  it("refuses a deleted account's address too, and does not bring the account back", async () => {
    const student = await createStudent(app2);
    await app2.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, student.id));
    await expect(ensure(configFor(student.email))).rejects.toThrow(/belongs to a deleted student account/);
    const row = await findUserRow(app2, student.email);
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.role).toBe("student");
  });

  it("is not confirmed by an ADMIN_EMAIL_TAKEOVER that names another address", async () => {
    const student = await createStudent(app2);
    const config = configFor(student.email, { ADMIN_EMAIL_TAKEOVER: "someone-else@example.in" });
    await expect(ensure(config)).rejects.toThrow(ConfigError);
    expect(await roleOf(student.email)).toBe("student");
  });

  it("with ADMIN_EMAIL_TAKEOVER confirming it, promotes the account and ends the sessions it had as a student", async () => {
    const student = await createStudent(app2);
    const oldCookie = student.cookie;
    await ensure(configFor(student.email, { ADMIN_EMAIL_TAKEOVER: ` ${student.email.toUpperCase()} ` }));

    expect(await adminsOf()).toEqual([student.email]);
    expect(await whoIs(app2, oldCookie)).toBeNull();
    expect((await get(app2, "/api/admin/overview", { cookie: oldCookie })).statusCode).toBe(401);
    const fresh = await signIn(app2, student.email, PASSWORD);
    expect((await get(app2, "/api/admin/overview", { cookie: fresh })).statusCode).toBe(200);
    // The administrator it replaced is a student now, and its sessions ended with the role.
    expect(await roleOf(ADMIN_EMAIL)).toBe("student");
  });

  it("with ADMIN_EMAIL_TAKEOVER, brings a deleted account back as the administrator without its old sessions", async () => {
    const student = await createStudent(app2);
    await app2.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, student.id));
    await ensure(configFor(student.email, { ADMIN_EMAIL_TAKEOVER: student.email }));
    expect((await findUserRow(app2, student.email))?.deletedAt).toBeNull();
    expect(await whoIs(app2, student.cookie)).toBeNull();
    expect((await whoIs(app2, await signIn(app2, student.email, PASSWORD)))?.role).toBe("admin");
  });

  it("keeps the administrator's sessions when ADMIN_PASSWORD is the password already, and ends them when it changes", async () => {
    const email = "registrar@campusbazaar.test";
    await ensure(configFor(email));
    const session = await signIn(app2, email, PASSWORD);

    await ensure(configFor(email));
    expect((await whoIs(app2, session))?.email).toBe(email);

    const changed = loadConfig({
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: "Registrar#New2026",
      LOG_LEVEL: "silent",
    });
    await ensureAdminAccount({ db: app2.database.db, config: changed });
    expect(await whoIs(app2, session)).toBeNull();
    expect((await post(app2, "/api/auth/login", { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await whoIs(app2, await signIn(app2, email, "Registrar#New2026")))?.role).toBe("admin");
  });

  it("ends the sessions of an administrator replaced by another ADMIN_EMAIL", async () => {
    const first = "first-admin@campusbazaar.test";
    await ensure(configFor(first));
    const session = await signIn(app2, first, PASSWORD);
    await ensure(configFor("second-admin@campusbazaar.test"));
    expect(await whoIs(app2, session)).toBeNull();
    expect(await roleOf(first)).toBe("student");
  });
});
