import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/env";
import { ensureAdminAccount } from "../../server/modules/auth/admin-account";
import { createStudent, STRONG_PASSWORD } from "../factories/users";
import { adminFactorStore, post, signIn, signInResponse, whoIs } from "../helpers/api";
import { nextCode } from "../helpers/second-factor";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../helpers/test-app";
import { fetchDocument, type Operation, operationsOf, urlOf } from "./operations";
import { createWorld, type World } from "./world";

/**
 * The administrator's second factor as a class of rule: no operation of the administrator answers
 * to anything short of a session that passed both steps, whatever the cookie holds.
 */
let testApp: TestApp;
let adminOperations: Operation[];
let world: World;
beforeAll(async () => {
  testApp = await createTestApp();
  adminOperations = operationsOf(await fetchDocument(testApp)).filter(
    (operation) => operation.role === "admin",
  );
  world = await createWorld(testApp);
});
afterAll(() => testApp?.close());

/** Each admin operation called with this cookie: "METHOD /path -> status". */
async function answersTo(cookie: string | undefined): Promise<string[]> {
  const answers: string[] = [];
  for (const operation of adminOperations) {
    const response = await testApp.app.inject({
      method: operation.method,
      url: urlOf(operation, world),
      headers: cookie ? { cookie } : {},
      ...(operation.bodyType === "application/json" ? { payload: {} } : {}),
    });
    answers.push(`${operation.key} -> ${response.statusCode}`);
  }
  return answers;
}

const allRefused = (status: number) => adminOperations.map((operation) => `${operation.key} -> ${status}`);

async function passwordStep(): Promise<{ challenge: string; setCookies: number }> {
  const response = await post(testApp, "/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { challenge: response.json().secondFactor.challenge, setCookies: response.cookies.length };
}

describe("the administrator's operations and the second factor", () => {
  it("the document lists admin operations (so the checks below check something)", () => {
    expect(adminOperations.length).toBeGreaterThan(10);
  });

  it("the password step sets no cookie; the challenge, used as a session cookie, opens no admin operation", async () => {
    const { challenge, setCookies } = await passwordStep();
    expect(setCookies).toBe(0);
    expect(await whoIs(testApp, `cb_session=${challenge}`)).toBeNull();
    expect(await answersTo(`cb_session=${challenge}`)).toEqual(allRefused(401));
  });

  it("a challenge that was completed is still no session; the session it gave is", async () => {
    await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD); // sets the authenticator up
    const factor = adminFactorStore(testApp, ADMIN_EMAIL).load();
    if (!factor) throw new Error("the sign-in kept no authenticator key");
    const { challenge } = await passwordStep();
    const done = await post(testApp, "/api/auth/second-factor", {
      challenge,
      code: await nextCode(factor),
    });
    expect(done.statusCode).toBe(200);
    const session = done.cookies.find((cookie) => cookie.name === "cb_session")?.value;
    expect(session).toBeDefined();
    expect(session).not.toBe(challenge);
    expect(await answersTo(`cb_session=${challenge}`)).toEqual(allRefused(401));
    const overview = await testApp.app.inject({
      method: "GET",
      url: "/api/admin/overview",
      headers: { cookie: `cb_session=${session}` },
    });
    expect(overview.statusCode).toBe(200);
  });

  it("a student session of an account made administrator does not carry over: it is ended", async () => {
    const student = await createStudent(testApp);
    expect(await whoIs(testApp, student.cookie)).not.toBeNull();
    const promote = (email: string, password: string) =>
      ensureAdminAccount({
        db: testApp.database.db,
        // The operator confirms the takeover, as the server demands for an address a student holds.
        config: loadConfig({
          ADMIN_EMAIL: email,
          ADMIN_EMAIL_TAKEOVER: email,
          ADMIN_PASSWORD: password,
          LOG_LEVEL: "silent",
        }),
      });
    await promote(student.email, STRONG_PASSWORD);
    try {
      expect(await whoIs(testApp, student.cookie)).toBeNull();
      expect(await answersTo(student.cookie)).toEqual(allRefused(401));
      // Their password now leads to the second step, not to a session.
      const login = await post(testApp, "/api/auth/login", {
        email: student.email,
        password: STRONG_PASSWORD,
      });
      expect(login.cookies).toEqual([]);
      expect(login.json().secondFactor.method).toBe("setup");
    } finally {
      await promote(ADMIN_EMAIL, ADMIN_PASSWORD);
    }
  });

  it("signed out, every admin operation answers 401", async () => {
    expect(await answersTo(undefined)).toEqual(allRefused(401));
  });
});

describe("the second step against a guesser who has the password", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
    await signIn(limited, ADMIN_EMAIL, ADMIN_PASSWORD); // sets the authenticator up, from 127.0.0.1
  });
  afterAll(() => limited?.close());

  /** The password step and one code, both from `remoteAddress`: the second step's status. */
  async function codeFrom(remoteAddress: string, code: string): Promise<number> {
    const inject = (url: string, payload: object) =>
      limited.app.inject({ method: "POST", url, remoteAddress, payload });
    const login = await inject("/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.statusCode).toBe(200);
    return (await inject("/api/auth/second-factor", { challenge: login.json().secondFactor.challenge, code }))
      .statusCode;
  }

  it("wrong codes from other addresses do not refuse the right code from the administrator's own", async () => {
    const wrong: number[] = [];
    for (let address = 1; address <= 6; address++) {
      for (let guess = 0; guess < 3; guess++) wrong.push(await codeFrom(`192.0.2.${address}`, "000000"));
    }
    expect(wrong.filter((status) => status === 401).length).toBeGreaterThanOrEqual(6);
    expect(wrong.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // The guesses from six addresses slow each address down, but the owner's address has not failed.
    const owner = await signInResponse(limited, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.cookies.some((cookie) => cookie.name === "cb_session")).toBe(true);
  });

  it("wrong codes from one address are still limited, down to one a window once the account is under attack", async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 4; guess++) statuses.push(await codeFrom("203.0.113.9", "000000"));
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(1)).toEqual([429, 429, 429]);
    // Refused before the code is looked at: even a right code from that address waits.
    const factor = adminFactorStore(limited, ADMIN_EMAIL).load();
    if (!factor) throw new Error("the sign-in kept no authenticator key");
    expect(await codeFrom("203.0.113.9", await nextCode(factor))).toBe(429);
  });
});
