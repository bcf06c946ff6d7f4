import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config/env";
import { ensureAdminAccount } from "../../server/modules/auth/admin-account";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { openHardeningWorld } from "./hardening-world";

/** Configuration cannot open a hole: ADMIN_EMAIL on a student's address, /metrics in production. */

const suite = openHardeningWorld();

describe("ADMIN_EMAIL cannot hand a student's account the administrator's rights", () => {
  it("refuses to start on a student's address unless ADMIN_EMAIL_TAKEOVER repeats it", async () => {
    const config = loadConfig({
      ADMIN_EMAIL: suite.world.other.email,
      ADMIN_PASSWORD: "Admin#Pass2025",
      LOG_LEVEL: "silent",
    });
    await expect(ensureAdminAccount({ db: suite.testApp.database.db, config })).rejects.toThrow(ConfigError);
  });
});

describe("/metrics in production", () => {
  const TOKEN = "scrape-token-0123456789abcdef";
  const scrape = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("without METRICS_TOKEN answers 404 to everyone but a scraper on the same machine", async () => {
    for (const trustProxy of ["false", "1"]) {
      const production = await createTestApp({ NODE_ENV: "production", TRUST_PROXY: trustProxy });
      try {
        const answers = {
          remote: (await scrape(production, "203.0.113.5")).statusCode,
          remoteIpv6: (await scrape(production, "2001:db8::5")).statusCode,
          // A reverse proxy on this machine connects from loopback, and says whom it forwards for.
          forwardedByLocalProxy: (await scrape(production, "127.0.0.1", { "x-forwarded-for": "203.0.113.5" }))
            .statusCode,
          forwardedByLoopback: (await scrape(production, "::1", { "x-forwarded-for": "127.0.0.1" }))
            .statusCode,
          standardForwarded: (await scrape(production, "127.0.0.1", { forwarded: "for=203.0.113.5" }))
            .statusCode,
          localScraper: (await scrape(production, "127.0.0.1")).statusCode,
          localScraperIpv6: (await scrape(production, "::1")).statusCode,
        };
        expect(answers, `TRUST_PROXY=${trustProxy}`).toEqual({
          remote: 404,
          remoteIpv6: 404,
          forwardedByLocalProxy: 404,
          forwardedByLoopback: 404,
          standardForwarded: 404,
          localScraper: 200,
          localScraperIpv6: 200,
        });
        expect((await scrape(production, "203.0.113.5")).body).not.toContain("http_requests_total");
      } finally {
        await production.close();
      }
    }
  });

  it("with METRICS_TOKEN needs the Bearer token from everywhere, loopback too", async () => {
    const production = await createTestApp({ NODE_ENV: "production", METRICS_TOKEN: TOKEN });
    try {
      expect((await scrape(production, "127.0.0.1")).statusCode).toBe(401);
      expect((await scrape(production, "203.0.113.5")).statusCode).toBe(401);
      const scraped = await scrape(production, "203.0.113.5", { authorization: `Bearer ${TOKEN}` });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain("# TYPE http_requests_total counter");
    } finally {
      await production.close();
    }
  });

  it("outside production without a token it stays open, as for a developer", async () => {
    expect((await scrape(suite.testApp, "203.0.113.5")).statusCode).toBe(200);
  });
});
