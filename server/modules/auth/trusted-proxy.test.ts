import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignup } from "../../../tests/factories/users";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { rateLimits } from "../../db/schema";

/**
 * Behind one load balancer (10.0.0.5), which appends the address it saw to X-Forwarded-For. A
 * client that writes its own X-Forwarded-For only adds entries on the left; the per-address limit
 * (ten times AUTH_RATE_LIMIT=1) still counts it by the address the load balancer appended.
 */
const PROXY = "10.0.0.5";
const CLIENT = "203.0.113.7";
const PER_ADDRESS_LIMIT = 10;

const forgedAddress = () => `198.51.100.${1 + ((randomBytes(1)[0] ?? 0) % 254)}`;
const uniqueEmail = () => `nobody-${randomBytes(6).toString("hex")}@example.in`;

async function attempt(testApp: TestApp, path: "login" | "signup", forwardedFor: string) {
  const body =
    path === "login"
      ? { email: uniqueEmail(), password: "Wrong#Pass1" }
      : // A college that is not listed: refused after the rate limit, without hashing a password.
        buildSignup({ email: uniqueEmail(), college: "Not A Listed College" });
  return testApp.app.inject({
    method: "POST",
    url: `/api/auth/${path}`,
    remoteAddress: PROXY,
    headers: { "x-forwarded-for": forwardedFor },
    payload: body,
  });
}

for (const trustProxy of ["1", `${PROXY}`, "10.0.0.0/8"]) {
  describe(`per-address limits with TRUST_PROXY=${trustProxy}`, () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({ TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: "1" });
    });
    afterAll(() => testApp.close());

    for (const path of ["login", "signup"] as const) {
      it(`${path}: a client forging the left part of X-Forwarded-For still reaches its limit`, async () => {
        await testApp.database.db.delete(rateLimits);
        const statuses: number[] = [];
        for (let i = 0; i <= PER_ADDRESS_LIMIT; i++) {
          const forged = `${forgedAddress()}, ${forgedAddress()}`;
          statuses.push((await attempt(testApp, path, `${forged}, ${CLIENT}`)).statusCode);
        }
        expect(statuses.slice(0, PER_ADDRESS_LIMIT)).not.toContain(429);
        expect(statuses.at(-1)).toBe(429);
        // Another client behind the same proxy keeps its own budget.
        expect((await attempt(testApp, path, "203.0.113.8")).statusCode).not.toBe(429);
      });
    }
  });
}
