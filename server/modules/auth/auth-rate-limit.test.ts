import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignup, createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { post } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

// Its own app (and file): the limit is lowered to 3 attempts per e-mail, 30 per address.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT: "3" });
});
afterAll(() => testApp.close());

describe("POST /api/auth/login with AUTH_RATE_LIMIT=3", () => {
  it("refuses the 4th attempt for one e-mail with 429 and a Retry-After in seconds", async () => {
    const student = await createStudent(testApp);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await post(testApp, "/api/auth/login", {
        email: student.email,
        password: "Wrong#Pass1",
      });
      expect(response.statusCode).toBe(401);
    }
    const fourth = await post(testApp, "/api/auth/login", {
      email: student.email,
      password: STRONG_PASSWORD,
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: { code: "rate_limited", message: "Too many failed attempts. Please try again later." },
    });
    expect(String(fourth.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
    expect(fourth.cookies).toEqual([]);
  });

  it("counts per e-mail: another account still signs in", async () => {
    const blocked = await createStudent(testApp);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await post(testApp, "/api/auth/login", { email: blocked.email, password: "Wrong#Pass1" });
    }
    const other = await createStudent(testApp);
    const response = await post(testApp, "/api/auth/login", {
      email: other.email,
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("POST /api/auth/signup with AUTH_RATE_LIMIT=3", () => {
  it("refuses the 4th attempt for one e-mail with 429", async () => {
    const body = buildSignup();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      statuses.push((await post(testApp, "/api/auth/signup", body)).statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 429]);
    const refused = await post(testApp, "/api/auth/signup", body);
    expect(refused.json()).toEqual({
      error: {
        code: "rate_limited",
        message: "Too many requests. Please wait a moment before trying again.",
      },
    });
    expect(String(refused.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
  });
});

describe("POST /api/auth/login: failures count per e-mail and address (AUTH_RATE_LIMIT=3)", () => {
  const RATE_LIMITED = {
    error: { code: "rate_limited", message: "Too many failed attempts. Please try again later." },
  };
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    testApp.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress,
      payload: { email, password },
    });

  it("refuses the address that guessed wrong, and still signs the owner in from another address", async () => {
    const owner = await createStudent(testApp);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      statuses.push((await loginFrom("10.1.0.1", owner.email, "Wrong#Pass1")).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await loginFrom("10.1.0.1", owner.email, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);

    const typo = await loginFrom("10.1.0.2", owner.email, "Campus#Bazaar8");
    expect(typo.statusCode).toBe(401);
    const signedIn = await loginFrom("10.1.0.2", owner.email, STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.some((cookie) => cookie.name === "cb_session")).toBe(true);
  });

  it("does not let anyone lock the administrator out either", async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      await loginFrom("10.2.0.1", ADMIN_EMAIL, "Wrong#Pass1");
    }
    expect((await loginFrom("10.2.0.1", ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(429);
    const admin = await loginFrom("10.2.0.2", ADMIN_EMAIL, ADMIN_PASSWORD);
    // The password is accepted: the administrator is asked for the second step, not refused.
    expect(admin.statusCode).toBe(200);
    expect(admin.json().secondFactor.challenge).toEqual(expect.any(String));
  });

  it("slows guessing from many addresses: each failing address gets fewer tries, a new one still signs in", async () => {
    const owner = await createStudent(testApp);
    // Six addresses fail once each: twice the limit, so every address's allowance halves to one.
    for (let address = 1; address <= 6; address++) {
      expect((await loginFrom(`10.3.0.${address}`, owner.email, "Wrong#Pass1")).statusCode).toBe(401);
    }
    const again = await loginFrom("10.3.0.1", owner.email, "Wrong#Pass2");
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual(RATE_LIMITED);
    expect(String(again.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
    expect((await loginFrom("10.3.0.1", owner.email, STRONG_PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom("10.3.0.99", owner.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("keeps the limit per address across e-mails: ten times the limit, then 429", async () => {
    const owner = await createStudent(testApp);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt++) {
      statuses.push(
        (await loginFrom("10.4.0.1", `nobody-${attempt}-${owner.email}`, "Wrong#Pass1")).statusCode,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const over = await loginFrom("10.4.0.1", owner.email, STRONG_PASSWORD);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(RATE_LIMITED);
  });
});
