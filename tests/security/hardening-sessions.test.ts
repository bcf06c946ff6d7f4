import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/env";
import { hashToken } from "../../server/lib/tokens";
import { sessionCookieName } from "../../server/plugins/auth";
import { get, post, whoIs } from "../helpers/api";
import { connectLive, listenOnLoopback, refusedUpgrade, TEST_ORIGIN } from "../helpers/live";
import { createTestApp, sessionCookieOf, type TestApp } from "../helpers/test-app";
import { insertStudent, queryRows, startOtherSession } from "./world";

/**
 * Session hardening (OWASP ASVS 4.0.3, V3): sessions end after a while unused as well as at the
 * end of their lifetime (3.3.2), the cookie is `__Host-` prefixed over https (3.4.1, 3.4.4), and a
 * user sees and ends their own sessions, never another's (3.3.4).
 */

const HTTPS_URL = "https://bazaar.campus.example";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

/** The token behind a `name=token` cookie pair. */
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

/** Moves the last recorded use of the session behind a cookie into the past. */
async function lastUsedAgo(app: TestApp, cookie: string, interval: string): Promise<void> {
  await queryRows(
    app,
    sql`update sessions set last_used_at = now() - ${interval}::interval
        where id = ${hashToken(tokenOf(cookie))}`,
  );
}

async function lastUsedAt(app: TestApp, cookie: string): Promise<number> {
  const [row] = await queryRows<{ at: string }>(
    app,
    sql`select last_used_at::text as at from sessions where id = ${hashToken(tokenOf(cookie))}`,
  );
  if (!row) throw new Error("no such session");
  return Date.parse(row.at);
}

describe("idle timeout", () => {
  it("refuses a session unused for longer than SESSION_IDLE_DAYS, within its lifetime", async () => {
    const student = await insertStudent(testApp, "Aditi Menon");
    expect((await get(testApp, "/api/dashboard/", { cookie: student.cookie })).statusCode).toBe(200);
    await lastUsedAgo(testApp, student.cookie, "7 days 1 minute");
    expect((await get(testApp, "/api/dashboard/", { cookie: student.cookie })).statusCode).toBe(401);
    expect(await whoIs(testApp, student.cookie)).toBeNull();
  });

  it("keeps a session used within the idle time, and records that use", async () => {
    const student = await insertStudent(testApp, "Bhavesh Jain");
    await lastUsedAgo(testApp, student.cookie, "6 days 23 hours");
    expect((await get(testApp, "/api/dashboard/", { cookie: student.cookie })).statusCode).toBe(200);
    expect(Date.now() - (await lastUsedAt(testApp, student.cookie))).toBeLessThan(60_000);
  });

  it("records use at most every few minutes, not with a write per request", async () => {
    const student = await insertStudent(testApp, "Chirag Shah");
    await lastUsedAgo(testApp, student.cookie, "1 minute");
    const recorded = await lastUsedAt(testApp, student.cookie);
    await Promise.all(
      Array.from({ length: 5 }, () => get(testApp, "/api/dashboard/", { cookie: student.cookie })),
    );
    expect(await lastUsedAt(testApp, student.cookie)).toBe(recorded);
    await lastUsedAgo(testApp, student.cookie, "6 minutes");
    await get(testApp, "/api/dashboard/", { cookie: student.cookie });
    expect(Date.now() - (await lastUsedAt(testApp, student.cookie))).toBeLessThan(60_000);
  });

  it("follows SESSION_IDLE_DAYS", async () => {
    const strict = await createTestApp({ SESSION_IDLE_DAYS: "2" });
    try {
      const student = await insertStudent(strict, "Deepa Reddy");
      await lastUsedAgo(strict, student.cookie, "1 day 23 hours");
      expect(await whoIs(strict, student.cookie)).not.toBeNull();
      await lastUsedAgo(strict, student.cookie, "2 days 1 minute");
      expect(await whoIs(strict, student.cookie)).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it("refuses to start with an idle time it cannot honour, naming SESSION_IDLE_DAYS", () => {
    for (const value of ["0", "31", "seven", "1.5"]) {
      expect(() => loadConfig({ SESSION_IDLE_DAYS: value }), value).toThrow(/SESSION_IDLE_DAYS/);
    }
    expect(loadConfig({}).SESSION_IDLE_DAYS).toBe(7);
  });

  it("refuses the live socket of an idle session", async () => {
    const baseUrl = await listenOnLoopback(testApp.app);
    const student = await insertStudent(testApp, "Eshan Das");
    await lastUsedAgo(testApp, student.cookie, "8 days");
    expect(await refusedUpgrade(baseUrl, { origin: TEST_ORIGIN, cookie: student.cookie })).toBe(401);
  });
});

describe("the session cookie's name", () => {
  it("is __Host- prefixed over https: Secure, Path=/, no Domain; the plain name is not read", async () => {
    const secure = await createTestApp({ PUBLIC_URL: HTTPS_URL });
    try {
      const student = await insertStudent(secure, "Gita Menon");
      const login = await post(secure, "/api/auth/login", {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
      const header = String(login.headers["set-cookie"]);
      expect(header).toMatch(/^__Host-cb_session=[^;]+;/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).not.toMatch(/Domain=/i);

      const cookie = sessionCookieOf(login);
      expect((await whoIs(secure, cookie))?.id).toBe(student.id);
      expect(await whoIs(secure, `cb_session=${tokenOf(cookie)}`)).toBeNull();

      const document = (await get(secure, "/api/openapi.json")).json();
      expect(document.components.securitySchemes.sessionCookie.name).toBe("__Host-cb_session");

      const logout = await post(secure, "/api/auth/logout", undefined, { cookie });
      expect(String(logout.headers["set-cookie"])).toMatch(/^__Host-cb_session=;/);
      expect(await whoIs(secure, cookie)).toBeNull();
    } finally {
      await secure.close();
    }
  });

  it("opens the live socket over https with the __Host- cookie only", async () => {
    const secure = await createTestApp({ PUBLIC_URL: HTTPS_URL });
    try {
      const baseUrl = await listenOnLoopback(secure.app);
      const student = await insertStudent(secure, "Harini Rao");
      expect(student.cookie.startsWith("__Host-cb_session=")).toBe(true);
      const plain = `cb_session=${tokenOf(student.cookie)}`;
      expect(await refusedUpgrade(baseUrl, { origin: HTTPS_URL, cookie: plain })).toBe(401);
      const socket = await connectLive(baseUrl, student.cookie, { origin: HTTPS_URL });
      expect(socket.first.type).toBe("hello");
      await socket.close();
    } finally {
      await secure.close();
    }
  });

  it("keeps the plain name over http, where browsers refuse the prefix", async () => {
    expect(sessionCookieName(false)).toBe("cb_session");
    const student = await insertStudent(testApp, "Ira Kapoor");
    const login = await post(testApp, "/api/auth/login", {
      email: student.email,
      password: student.password,
    });
    const header = String(login.headers["set-cookie"]);
    expect(header).toMatch(/^cb_session=[^;]+;/);
    expect(header).not.toMatch(/; Secure/);
  });
});

describe("the sessions list", () => {
  it("shows a student only their own sessions, and no id that could be a cookie", async () => {
    const owner = await insertStudent(testApp, "Jatin Arora");
    const other = await insertStudent(testApp, "Kiran Bedi");
    const ownersPhone = await startOtherSession(testApp, owner.id);
    const listed = (await get(testApp, "/api/me/sessions", { cookie: other.cookie })).json().sessions;
    expect(listed.map((session: { id: string }) => session.id)).not.toContain(ownersPhone);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(tokenOf(other.cookie));
  });

  it("never lets a student end another student's session, one by one or all at once", async () => {
    const owner = await insertStudent(testApp, "Lalit Verma");
    const other = await insertStudent(testApp, "Mahi Singh");
    const ownersPhone = await startOtherSession(testApp, owner.id);
    const end = await testApp.app.inject({
      method: "DELETE",
      url: `/api/me/sessions/${ownersPhone}`,
      headers: { cookie: other.cookie },
    });
    expect(end.statusCode).toBe(404);
    const endAll = await testApp.app.inject({
      method: "DELETE",
      url: "/api/me/sessions",
      headers: { cookie: other.cookie },
    });
    expect(endAll.json()).toEqual({ ended: 0 });
    const left = await queryRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from sessions where user_id = ${owner.id}`,
    );
    expect(left[0]?.n).toBe(2);
    expect((await whoIs(testApp, owner.cookie))?.id).toBe(owner.id);
  });
});
