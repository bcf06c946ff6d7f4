import type { ErrorCode } from "@shared/api/errors";
import type { Db } from "../db/client";
import { AppError } from "../lib/app-error";
import type { AttemptCount } from "./rate-limit.repository";
import * as repo from "./rate-limit.repository";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export { type AttemptCount, countEachAttemptCtes } from "./rate-limit.repository";

/** 429 with Retry-After once the window's limit is passed. */
function throwIfOverLimit(
  row: AttemptCount,
  rule: RateLimitRule,
  refusal: { code?: ErrorCode; message: string },
): void {
  if (row.count > rule.limit) {
    throw new AppError(refusal.code ?? "rate_limited", refusal.message, {
      "retry-after": String(row.retry_after),
    });
  }
}

/**
 * Fixed-window counters in the database: one upsert per hit, shared by every instance.
 * `hit` counts an attempt and throws 429 with Retry-After once the window's limit is passed.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, rule: RateLimitRule, refusal: { code?: ErrorCode; message: string }): Promise<void> {
    throwIfOverLimit(await this.record(key, rule.windowSeconds), rule, refusal);
  }

  /** Counts one attempt at `key` without refusing it (failures counted after the fact). */
  record(key: string, windowSeconds: number): Promise<AttemptCount> {
    return this.add(key, 1, windowSeconds);
  }

  /** Adds `amount` to `key`'s present window: a measured cost (milliseconds of work) rather than one attempt. */
  add(key: string, amount: number, windowSeconds: number): Promise<AttemptCount> {
    return repo.addToCount(this.db, key, amount, windowSeconds);
  }

  /** What `key` has counted in its present window and the seconds until it ends, counting nothing. */
  current(key: string, windowSeconds: number): Promise<AttemptCount> {
    return repo.currentCount(this.db, key, windowSeconds);
  }

  /** The attempts at `key` in its present window, counting none. */
  async peek(key: string, windowSeconds: number): Promise<number> {
    return (await this.current(key, windowSeconds)).count;
  }

  /**
   * Counts one attempt at `key` in every window of a rule at once (one statement), e.g. a burst
   * per minute and a total per hour, and throws 429 with the longest Retry-After among the windows
   * that are over their limit. A refused attempt counts too: a script that keeps pushing stays out.
   */
  async hitWindows(
    key: string,
    windows: readonly RateLimitRule[],
    refusal: { code?: ErrorCode; message: (retryAfterSeconds: number) => string },
  ): Promise<void> {
    const counts = await repo.countAttemptInWindows(
      this.db,
      windows.map((window) => ({
        key: `${key}:${window.windowSeconds}s`,
        windowSeconds: window.windowSeconds,
      })),
    );
    const over = counts.filter((row) => row.count > (windows[row.rule]?.limit ?? Number.POSITIVE_INFINITY));
    if (over.length === 0) return;
    const retryAfter = Math.max(...over.map((row) => row.retry_after));
    throw new AppError(refusal.code ?? "rate_limited", refusal.message(retryAfter), {
      "retry-after": String(retryAfter),
    });
  }

  /** Forgets a key's attempts (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await repo.deleteAttempts(this.db, key);
  }
}
