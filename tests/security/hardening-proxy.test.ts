import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config/env";
import { buildSignup } from "../factories/users";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { openHardeningWorld } from "./hardening-world";

/** Behind a load balancer, a client chooses neither its address nor its request id. */

const suite = openHardeningWorld();

describe("a client behind the load balancer cannot choose its address", () => {
  it("with TRUST_PROXY=1, forged X-Forwarded-For entries do not buy a fresh per-address budget", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1", AUTH_RATE_LIMIT: "1" });
    try {
      const bodies: Record<string, () => object> = {
        "/api/auth/login": () => ({
          email: `x-${randomBytes(5).toString("hex")}@example.in`,
          password: "Wrong#Pass1",
        }),
        "/api/auth/signup": () => buildSignup({ college: "Not A Listed College" }),
        "/api/auth/forgot-password": () => ({ email: `x-${randomBytes(5).toString("hex")}@example.in` }),
      };
      for (const [url, body] of Object.entries(bodies)) {
        const statuses: number[] = [];
        for (let attempt = 0; attempt <= 10; attempt++) {
          const forged = `${randomBytes(1)[0]}.${randomBytes(1)[0]}.0.1, 192.0.2.${attempt + 1}`;
          const response = await proxied.app.inject({
            method: "POST",
            url,
            remoteAddress: "10.0.0.5",
            headers: { "x-forwarded-for": `${forged}, 203.0.113.9` },
            payload: body(),
          });
          statuses.push(response.statusCode);
        }
        // Ten attempts an address (AUTH_RATE_LIMIT=1 for an account, ten times that for an address).
        expect(statuses.slice(0, 10), url).not.toContain(429);
        expect(statuses[10], url).toBe(429);
      }
    } finally {
      await proxied.close();
    }
  });

  it("refuses TRUST_PROXY=true at start", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
  });
});

describe("a client cannot choose its request id", () => {
  const WELL_FORMED = ["lb-7f3a9c21", "0123456789abcdef0123456789abcdef", "Root.Span_01-ab", "a".repeat(64)];
  const MALFORMED = [
    "short",
    "a".repeat(65),
    "forged id, with spaces",
    "id:with:colons",
    "line\nbreak-0001",
    'quote"and{braces}',
    "ünïcode-000001",
    "",
  ];
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The id each X-Request-Id was answered with, sent from `remoteAddress`. */
  async function idsFor(app: TestApp, remoteAddress: string, ids: string[]): Promise<string[]> {
    const answered: string[] = [];
    for (const id of ids) {
      const response = await app.app.inject({
        method: "GET",
        url: "/api/health",
        remoteAddress,
        headers: { "x-request-id": id },
      });
      answered.push(String(response.headers["x-request-id"]));
    }
    return answered;
  }

  it("without a trusted proxy, every incoming id is replaced by a new one", async () => {
    const answered = await idsFor(suite.testApp, "203.0.113.7", [...WELL_FORMED, ...MALFORMED]);
    expect(answered.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(answered).size).toBe(answered.length);
  });

  it("behind a trusted proxy, only a well-formed id is kept, and only when the proxy passed it on", async () => {
    for (const trustProxy of ["1", "10.0.0.0/8", "uniquelocal"]) {
      const proxied = await createTestApp({ TRUST_PROXY: trustProxy });
      try {
        expect(await idsFor(proxied, "10.0.0.5", WELL_FORMED), trustProxy).toEqual(WELL_FORMED);
        expect(await idsFor(proxied, "::ffff:10.0.0.5", WELL_FORMED), trustProxy).toEqual(WELL_FORMED);
        const malformed = await idsFor(proxied, "10.0.0.5", MALFORMED);
        expect(
          malformed.every((id) => UUID.test(id)),
          `${trustProxy}: ${malformed}`,
        ).toBe(true);
        if (trustProxy !== "1") {
          // A client that reaches the server around the listed proxies does not choose its id.
          const direct = await idsFor(proxied, "203.0.113.7", WELL_FORMED);
          expect(
            direct.every((id) => UUID.test(id)),
            trustProxy,
          ).toBe(true);
        }
      } finally {
        await proxied.close();
      }
    }
  });
});
