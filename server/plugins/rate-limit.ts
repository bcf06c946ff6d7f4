import type { ErrorCode } from "@shared/api/errors";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "../lib/app-error";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database: one upsert per hit, shared by every instance.
 * `hit` counts an attempt and throws 429 with Retry-After once the window's limit is passed.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, rule: RateLimitRule, refusal: { code?: ErrorCode; message: string }): Promise<void> {
    const interval = `${rule.windowSeconds} seconds`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} < now() - ${interval}::interval then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} < now() - ${interval}::interval then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + ${interval}::interval - now()))))::int`,
      });
    if (row && row.count > rule.limit) {
      throw new AppError(refusal.code ?? "rate_limited", refusal.message, {
        "retry-after": String(row.retryAfter),
      });
    }
  }

  /** Forgets a key's attempts (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }
}
