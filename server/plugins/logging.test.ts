import { describe, expect, it } from "vitest";
import { LOGGED_URL_MAX_LENGTH, loggableUrl, maskEmails } from "./logging";

/** The fastest of a few runs, in milliseconds: the least disturbed by other work on the machine. */
function fastestRun(work: () => void, runs = 5): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const startedAt = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - startedAt);
  }
  return fastest;
}

/** Inputs built to make an address pattern retry: long runs of address characters that never end well. */
const ADVERSARIAL: Record<string, (length: number) => string> = {
  "a run without @": (length) => `/api/${"a".repeat(length)}`,
  "dotted labels without a top-level domain": (length) => `/api/x@${"a.".repeat(length / 2)}`,
  "repeated %40 halves": (length) => `/api/${"a%40b.".repeat(length / 6)}`,
  "a run ending in @": (length) => `/api/${"a".repeat(length)}@`,
};

describe("maskEmails", () => {
  it("masks addresses plainly written, URL-encoded and inside JSON", () => {
    expect(maskEmails('{"msg":"mail to priya.sharma@example.in"}')).toBe('{"msg":"mail to p***@example.in"}');
    expect(maskEmails("/api/users?email=rohan%40iitb.ac.in&page=2")).toBe(
      "/api/users?email=r***@iitb.ac.in&page=2",
    );
    expect(maskEmails("a@b.in, c+tag@d.co.uk")).toBe("a***@b.in, c***@d.co.uk");
    expect(maskEmails("no address here, only x@y")).toBe("no address here, only x@y");
  });

  it.each(Object.entries(ADVERSARIAL))("takes time linear in the length of %s", (_name, build) => {
    const sizes = [4096, 16_384, 65_536];
    const times = sizes.map((size) => {
      const text = build(size);
      return fastestRun(() => maskEmails(text));
    });
    // 16 times the input may take at most about 16 times as long (quadratic would be 256 times);
    // a floor of 1 ms keeps timer noise on tiny figures from deciding the ratio.
    expect(times[2] ?? Infinity, `times ${times.map((t) => t.toFixed(2)).join(", ")} ms`).toBeLessThan(
      Math.max(times[0] ?? 0, 1) * 40,
    );
    // The old pattern took about a second on 16 KB; a 64 KB line now takes a few milliseconds.
    expect(times[2]).toBeLessThan(50);
  });
});

describe("loggableUrl", () => {
  it("cuts a long URL to about 2 KB and says how long it was", () => {
    const url = `/api/items/${"x".repeat(20_000)}`;
    const logged = loggableUrl(url);
    expect(logged.length).toBeLessThanOrEqual(LOGGED_URL_MAX_LENGTH + 40);
    expect(logged).toMatch(/\.\.\.\[cut: 20011 characters\]$/);
  });

  it("leaves no part of an address the cut ran through", () => {
    const url = `/api/${"p".repeat(LOGGED_URL_MAX_LENGTH - 16)}/priya@example.in/more`;
    const logged = loggableUrl(url);
    expect(logged).not.toMatch(/priya|@example/);
    expect(logged).toContain("[cut:");
  });

  it("still redacts secret query values of a long URL", () => {
    const logged = loggableUrl(`/api/auth/verify?token=abc123secret&pad=${"z".repeat(5000)}`);
    expect(logged).not.toContain("abc123secret");
    expect(logged).toContain("token=%5Bredacted%5D");
  });

  it("takes a few milliseconds on a 16 KB URL of address characters", () => {
    const url = `/api/${"a".repeat(16_384)}?q=${"b".repeat(16_384)}`;
    expect(fastestRun(() => loggableUrl(url))).toBeLessThan(20);
  });
});
