import type { DeviceSession } from "@shared/api/sessions";
import { CLOSE_SESSION_ENDED } from "@shared/live-constants";
import { SESSIONS_MESSAGES } from "@shared/validation/sessions";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../../tests/factories/users";
import { whoIs } from "../../../tests/helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../../../tests/helpers/live";
import { createTestApp, sessionCookieOf, type TestApp } from "../../../tests/helpers/test-app";
import { sessions } from "../../db/schema";
import { ATTEMPT_LIMITS } from "../../plugins/rate-limit-rules";
import { deviceName } from "./sessions.mapper";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";

type Student = Awaited<ReturnType<typeof createStudent>>;

let testApp: TestApp;
let baseUrl: string;
const openSockets: LiveClient[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(async () => {
  await Promise.all(openSockets.map((socket) => socket.close()));
  await testApp?.close();
});

/** Signs the student in from another device: its browser and its address. */
async function signInFrom(student: Student, userAgent: string, remoteAddress: string): Promise<string> {
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: student.email, password: student.password },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  return sessionCookieOf(response);
}

const list = (cookie?: string) =>
  testApp.app.inject({ method: "GET", url: "/api/me/sessions", headers: cookie ? { cookie } : {} });
const listOf = async (cookie: string): Promise<DeviceSession[]> => (await list(cookie)).json().sessions;
const endOne = (cookie: string | undefined, id: string) =>
  testApp.app.inject({ method: "DELETE", url: `/api/me/sessions/${id}`, headers: cookie ? { cookie } : {} });
const endOthers = (cookie?: string) =>
  testApp.app.inject({ method: "DELETE", url: "/api/me/sessions", headers: cookie ? { cookie } : {} });

describe("sign-in is required", () => {
  it.each([
    ["GET /api/me/sessions", () => list()],
    ["DELETE /api/me/sessions/{id}", () => endOne(undefined, "6f0a3a52-5d1e-4c7e-9d43-1f0b8a3f6c11")],
    ["DELETE /api/me/sessions", () => endOthers()],
  ])("%s signed out -> 401, never kept by a cache", async (_label, attempt) => {
    const response = await attempt();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/me/sessions", () => {
  it("lists each device with its browser, masked address and last use, this one first and marked", async () => {
    const student = await createStudent(testApp, { name: "Meera Iyer" });
    const phone = await signInFrom(student, ANDROID_CHROME, "203.0.113.45");
    const laptop = await signInFrom(student, WINDOWS_FIREFOX, "2001:db8:85a3::8a2e:370:7334");

    const response = await list(phone);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const listed: DeviceSession[] = response.json().sessions;
    expect(listed.map(({ device, address, isCurrent }) => ({ device, address, isCurrent }))).toEqual([
      { device: "Chrome on Android", address: "203.0.113.x", isCurrent: true },
      { device: "Firefox on Windows", address: "2001:db8:85a3:…", isCurrent: false },
      // The signup's session, from the test's injected request (no browser, the loopback address).
      { device: SESSIONS_MESSAGES.unknownDevice, address: "127.0.0.x", isCurrent: false },
    ]);
    for (const session of listed) {
      expect(Date.now() - Date.parse(session.lastUsedAt)).toBeLessThan(60_000);
      expect(Date.now() - Date.parse(session.signedInAt)).toBeLessThan(60_000);
    }
    // Neither the cookie nor its hash is ever an id.
    const rows = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, student.id));
    const secrets = [phone, laptop, student.cookie].map((cookie) => cookie.split("=")[1]);
    expect(JSON.stringify(listed)).not.toMatch(new RegExp([...secrets, ...rows.map((r) => r.id)].join("|")));
    expect((await listOf(laptop)).find((session) => session.isCurrent)?.device).toBe("Firefox on Windows");
  });

  it("never lists another student's sessions, nor ended or idle ones", async () => {
    const student = await createStudent(testApp, { name: "Nikhil Rao" });
    const other = await createStudent(testApp, { name: "Pooja Shah" });
    await signInFrom(other, IPHONE_SAFARI, "198.51.100.9");
    const idle = await signInFrom(student, IPHONE_SAFARI, "198.51.100.10");
    await testApp.database.db.execute(
      sql`update sessions set last_used_at = now() - interval '8 days'
          where user_id = ${student.id} and user_agent = ${IPHONE_SAFARI}`,
    );
    const listed = await listOf(student.cookie);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.isCurrent).toBe(true);
    expect(await whoIs(testApp, idle)).toBeNull();
  });
});

describe("DELETE /api/me/sessions/{id}", () => {
  it("signs that device out at once: its cookie is refused and its live socket closes", async () => {
    const student = await createStudent(testApp, { name: "Rohan Gupta" });
    const phone = await signInFrom(student, ANDROID_CHROME, "203.0.113.7");
    const socket = await connectLive(baseUrl, phone);
    openSockets.push(socket);
    const target = (await listOf(student.cookie)).find((session) => session.device === "Chrome on Android");
    if (!target) throw new Error("the phone is not listed");

    const response = await endOne(student.cookie, target.id);
    expect(response.statusCode).toBe(204);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await socket.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    expect(await whoIs(testApp, phone)).toBeNull();
    expect((await whoIs(testApp, student.cookie))?.id).toBe(student.id);
    expect((await listOf(student.cookie)).map((session) => session.id)).not.toContain(target.id);
    // Gone already: the second tap finds nothing.
    expect((await endOne(student.cookie, target.id)).json()).toEqual({
      error: { code: "not_found", message: SESSIONS_MESSAGES.notFound },
    });
  });

  it("refuses another student's session with 404, leaving it signed in", async () => {
    const owner = await createStudent(testApp, { name: "Sana Khan" });
    const intruder = await createStudent(testApp, { name: "Tarun Bhat" });
    const ownersPhone = await signInFrom(owner, ANDROID_CHROME, "203.0.113.8");
    const target = (await listOf(ownersPhone)).find((session) => session.isCurrent);
    if (!target) throw new Error("no current session");

    const response = await endOne(intruder.cookie, target.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
    expect((await whoIs(testApp, ownersPhone))?.id).toBe(owner.id);
  });

  it("refuses the session in use with 400: Logout is for this device", async () => {
    const student = await createStudent(testApp, { name: "Uma Pillai" });
    const current = (await listOf(student.cookie)).find((session) => session.isCurrent);
    if (!current) throw new Error("no current session");
    expect((await endOne(student.cookie, current.id)).json()).toEqual({
      error: { code: "invalid_input", message: SESSIONS_MESSAGES.isCurrent },
    });
    expect((await whoIs(testApp, student.cookie))?.id).toBe(student.id);
  });

  it("answers a malformed id with 400 and a burst of sign-outs with 429", async () => {
    const student = await createStudent(testApp, { name: "Varun Joshi" });
    expect((await endOne(student.cookie, "not-an-id")).statusCode).toBe(400);
    const unknown = "6f0a3a52-5d1e-4c7e-9d43-1f0b8a3f6c11";
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPT_LIMITS.signOut.limit + 2; i++)
      statuses.push((await endOne(student.cookie, unknown)).statusCode);
    expect(statuses.slice(0, ATTEMPT_LIMITS.signOut.limit - 1).every((status) => status === 404)).toBe(true);
    const refused = await endOthers(student.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("DELETE /api/me/sessions", () => {
  it("signs out every other device of the student, and only theirs, closing their sockets", async () => {
    const student = await createStudent(testApp, { name: "Yash Kulkarni" });
    const neighbour = await createStudent(testApp, { name: "Zoya Ali" });
    const phone = await signInFrom(student, ANDROID_CHROME, "203.0.113.21");
    const tablet = await signInFrom(student, IPHONE_SAFARI, "203.0.113.22");
    const sockets = await Promise.all([connectLive(baseUrl, phone), connectLive(baseUrl, tablet)]);
    const neighbourSocket = await connectLive(baseUrl, neighbour.cookie);
    openSockets.push(...sockets, neighbourSocket);

    const response = await endOthers(student.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await Promise.all(sockets.map((socket) => socket.waitForClose()))).toEqual([
      CLOSE_SESSION_ENDED,
      CLOSE_SESSION_ENDED,
    ]);
    expect(await whoIs(testApp, phone)).toBeNull();
    expect(await whoIs(testApp, tablet)).toBeNull();
    expect((await whoIs(testApp, student.cookie))?.id).toBe(student.id);
    expect((await whoIs(testApp, neighbour.cookie))?.id).toBe(neighbour.id);
    expect(neighbourSocket.socket.readyState).toBe(neighbourSocket.socket.OPEN);
    expect(await listOf(student.cookie)).toHaveLength(1);
    expect((await endOthers(student.cookie)).json()).toEqual({ ended: 0 });
  });
});

describe("deviceName", () => {
  it("names the browser and the system from the user agent", () => {
    expect(deviceName(ANDROID_CHROME)).toBe("Chrome on Android");
    expect(deviceName(IPHONE_SAFARI)).toBe("Safari on iOS");
    expect(deviceName(WINDOWS_FIREFOX)).toBe("Firefox on Windows");
    expect(deviceName("")).toBe(SESSIONS_MESSAGES.unknownDevice);
    expect(deviceName("curl/8.5.0")).toBe(SESSIONS_MESSAGES.unknownDevice);
  });
});
