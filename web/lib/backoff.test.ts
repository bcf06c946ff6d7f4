import { describe, expect, it } from "vitest";
import { backoffDelay, LIVE_RECONNECT_RANGE } from "./backoff";

describe("backoffDelay", () => {
  it("starts at one second", () => {
    expect(backoffDelay(0, LIVE_RECONNECT_RANGE, () => 0)).toBe(1_000);
    expect(backoffDelay(0, LIVE_RECONNECT_RANGE, () => 1)).toBe(1_000);
  });

  it("doubles its ceiling with each attempt, jittered between half and all of it", () => {
    expect(backoffDelay(1, LIVE_RECONNECT_RANGE, () => 0)).toBe(1_000);
    expect(backoffDelay(1, LIVE_RECONNECT_RANGE, () => 1)).toBe(2_000);
    expect(backoffDelay(3, LIVE_RECONNECT_RANGE, () => 0)).toBe(4_000);
    expect(backoffDelay(3, LIVE_RECONNECT_RANGE, () => 0.5)).toBe(6_000);
    expect(backoffDelay(3, LIVE_RECONNECT_RANGE, () => 1)).toBe(8_000);
  });

  it("never waits more than thirty seconds, however many attempts failed", () => {
    for (const attempt of [5, 6, 10, 50, 1_000]) {
      const longest = backoffDelay(attempt, LIVE_RECONNECT_RANGE, () => 1);
      const shortest = backoffDelay(attempt, LIVE_RECONNECT_RANGE, () => 0);
      expect(longest).toBe(30_000);
      expect(shortest).toBe(15_000);
    }
  });

  it("stays within the range for any random value", () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      for (const r of [0, 0.13, 0.5, 0.77, 0.999]) {
        const delay = backoffDelay(attempt, LIVE_RECONNECT_RANGE, () => r);
        expect(delay).toBeGreaterThanOrEqual(1_000);
        expect(delay).toBeLessThanOrEqual(30_000);
      }
    }
  });
});
