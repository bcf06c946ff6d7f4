import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignup } from "../../tests/factories/users";
import { countUsers, findUserRow, get, post } from "../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const FOREIGN_SITE = {
  error: { code: "forbidden", message: "Requests from other sites are not allowed." },
};

describe("security headers", () => {
  it("sends a strict Content-Security-Policy, nosniff and a framing ban", async () => {
    for (const url of ["/api/health", "/api/no-such-thing"]) {
      const { headers } = await get(testApp, url);
      const csp = String(headers["content-security-policy"]);
      expect(csp).toMatch(/(^|;)\s*default-src 'self'\s*(;|$)/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      const isFramingBanned =
        /frame-ancestors 'none'/.test(csp) || /^(DENY|SAMEORIGIN)$/i.test(String(headers["x-frame-options"]));
      expect(isFramingBanned).toBe(true);
    }
  });
});

describe("writes from other sites", () => {
  it("refuses a POST whose Origin is another site, and writes nothing", async () => {
    const body = buildSignup();
    const before = await countUsers(testApp);
    const response = await post(testApp, "/api/auth/signup", body, {
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FOREIGN_SITE);
    expect(response.cookies).toEqual([]);
    expect(await countUsers(testApp)).toBe(before);
    expect(await findUserRow(testApp, body.email)).toBeUndefined();
  });

  it("refuses a POST the browser marks Sec-Fetch-Site: cross-site, and writes nothing", async () => {
    const body = buildSignup();
    const response = await post(testApp, "/api/auth/signup", body, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FOREIGN_SITE);
    expect(await findUserRow(testApp, body.email)).toBeUndefined();
  });

  it("accepts a POST from the app's own origin", async () => {
    const body = buildSignup();
    const response = await post(testApp, "/api/auth/signup", body, {
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(response.statusCode).toBe(201);
    expect(await findUserRow(testApp, body.email)).toBeDefined();
  });

  it("still answers reads sent from another site", async () => {
    const response = await get(testApp, "/api/health", { headers: { origin: "https://evil.example" } });
    expect(response.statusCode).toBe(200);
  });
});

describe("unknown API paths", () => {
  it("answer 404 with the JSON error shape", async () => {
    for (const method of ["GET", "POST"] as const) {
      const response = await testApp.app.inject({ method, url: "/api/no-such-thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "not_found", message: `No such endpoint: ${method} /api/no-such-thing` },
      });
    }
  });
});

describe("GET /api/openapi.json", () => {
  type Operation = { security?: { sessionCookie?: string[] }[] };

  async function operations(): Promise<Map<string, Operation>> {
    const response = await get(testApp, "/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    const found = new Map<string, Operation>();
    for (const [path, byMethod] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(byMethod))
        found.set(`${method.toUpperCase()} ${path}`, operation);
    }
    return found;
  }

  it("gives every operation a security array", async () => {
    const all = await operations();
    expect(all.size).toBeGreaterThanOrEqual(12);
    for (const [name, operation] of all) expect(Array.isArray(operation.security), name).toBe(true);
  });

  it("marks the public operations with an empty security array", async () => {
    const all = await operations();
    for (const name of [
      "GET /api/health",
      "GET /api/auth/me",
      "POST /api/auth/signup",
      "POST /api/auth/login",
      "POST /api/auth/forgot-password",
    ]) {
      expect(all.get(name)?.security, name).toEqual([]);
    }
    expect(all.get("POST /api/auth/resend-verification")?.security).not.toEqual([]);
  });

  it("gives the admin operations the admin scope only", async () => {
    const adminOperations = [...(await operations())].filter(([name]) => name.includes(" /api/admin/"));
    expect(adminOperations.map(([name]) => name)).toContain("GET /api/admin/overview");
    for (const [name, operation] of adminOperations) {
      expect(operation.security, name).toEqual([{ sessionCookie: ["admin"] }]);
    }
  });
});

describe("GET /api/health", () => {
  it("answers 200 ok", async () => {
    const response = await get(testApp, "/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});
