import { describe, expect, it } from "vitest";
import { openHardeningWorld } from "./hardening-world";
import { type Operation, urlOf } from "./operations";

/**
 * Personal answers are never cached: every GET the OpenAPI document lists is checked, so a new
 * route is covered without a new test.
 */

/** Answers that are the same for everyone, which browsers and CDNs may keep. */
const SHARED_ANSWERS = new Set([
  "GET /api/files/{bucket}/{key}",
  "GET /api/colleges/",
  "GET /api/colleges/search",
  // 'Fresh on campus': public teasers, the same for every visitor of a city, kept 30 s.
  "GET /api/public/fresh-listings",
  // An event's public page: the poster's details and the interested count, kept a minute.
  "GET /api/public/events/{id}",
  // Its calendar file: the event's own details, DTSTAMP its creation, the same bytes for everyone, kept a minute.
  "GET /api/public/events/{id}/calendar.ics",
  // A college's calendar feed: its events only, the same bytes for everyone, kept 15 minutes.
  "GET /api/colleges/{id}/events.ics",
]);

const suite = openHardeningWorld();

describe("personal answers are never cached", () => {
  it("every GET operation, called signed in, answers Cache-Control: no-store, unless its answer is shared", async () => {
    const gets = suite.operations.filter((operation) => operation.method === "GET");
    expect(gets.length).toBeGreaterThan(15);
    const cacheable: string[] = [];
    for (const operation of gets) {
      const response = await suite.testApp.app.inject({
        method: "GET",
        url: urlOf(operation, suite.world),
        headers: { cookie: suite.callerOf(operation).cookie },
      });
      const header = String(response.headers["cache-control"] ?? "");
      if (SHARED_ANSWERS.has(operation.key)) expect(header, operation.key).not.toContain("no-store");
      // A route may add to no-store (the administrator's evidence photo says "no-store, private").
      else if (!/^no-store(, private)?$/.test(header))
        cacheable.push(`${operation.key} (${response.statusCode}): ${header}`);
    }
    expect(cacheable).toEqual([]);
  });

  it("lists only shared answers that exist, and none that varies by who asks", async () => {
    const keys = new Set(suite.operations.map((operation) => operation.key));
    for (const key of SHARED_ANSWERS) expect(keys.has(key), key).toBe(true);
    for (const key of SHARED_ANSWERS) {
      const operation = suite.operations.find((o) => o.key === key) as Operation;
      const url = urlOf(operation, suite.world);
      const signedIn = await suite.testApp.app.inject({
        method: "GET",
        url,
        headers: { cookie: suite.world.owner.cookie },
      });
      const signedOut = await suite.testApp.app.inject({ method: "GET", url });
      expect(signedIn.rawPayload.equals(signedOut.rawPayload), key).toBe(true);
    }
  });
});
