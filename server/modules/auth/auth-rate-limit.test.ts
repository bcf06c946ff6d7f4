import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignup, createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

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
