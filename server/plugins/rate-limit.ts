import type { ErrorCode } from "@shared/api/errors";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { rateLimits } from "../db/schema";
import { AppError } from "../lib/app-error";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** One key's attempts in its present window, and the seconds until that window ends. */
export interface AttemptCount {
  count: number;
  retry_after: number;
}

/**
 * The upsert that counts attempts: `attempts` selects (key, amount) rows, each key once, and each
 * key's row returns its count in the present window with the seconds until that window ends.
 */
function countAttemptsSql(attempts: SQL, windowSeconds: unknown): SQL {
  const window = sql`make_interval(secs => ${windowSeconds}::int)`;
  const isOver = sql`${rateLimits}.window_start < now() - ${window}`;
  return sql`
    insert into ${rateLimits} (key, window_start, count) select key, now(), amount from (${attempts}) as a(key, amount)
    on conflict (key) do update set
      count = case when ${isOver} then excluded.count else ${rateLimits}.count + excluded.count end,
      window_start = case when ${isOver} then now() else ${rateLimits}.window_start end
    returning key, count,
      greatest(1, ceil(extract(epoch from (window_start + ${window} - now()))))::int as retry_after`;
}

/** The upsert that counts one attempt at `key`, returning an AttemptCount. */
function countAttemptSql(key: string, windowSeconds: number): SQL {
  return countAttemptsSql(sql`select ${key}::text, 1`, windowSeconds);
}

/**
 * Counts many attempts in the statement the caller builds around it (a chat send batch): common
 * table expressions to put in its top-level `with` (PostgreSQL allows an upsert in no other
 * place). `entries` selects (entry, key) rows, one per attempt, and a key may come more than once;
 * each key is counted once by its number of attempts, in key order (so two batches lock the
 * counters they share in one order), and the `attempts` table gives each entry's (entry, count,
 * retry_after) as if the attempts had come one after another in entry order. The counters stay
 * locked until the caller's transaction ends.
 */
export function countEachAttemptCtes(entries: SQL, windowSeconds: unknown): SQL {
  const perKey = sql`select key, count(*)::int from attempt_entry group by key order by key`;
  return sql`
    attempt_entry as (select entry, key from (${entries}) as e),
    attempt_counter as (${countAttemptsSql(perKey, windowSeconds)}),
    attempts as (
      select e.entry,
        (c.count - count(*) over (partition by e.key)
          + row_number() over (partition by e.key order by e.entry))::int as count,
        c.retry_after
      from attempt_entry e join attempt_counter c on c.key = e.key
    )`;
}

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
  async record(key: string, windowSeconds: number): Promise<AttemptCount> {
    const result = await this.db.execute(countAttemptSql(key, windowSeconds));
    const [row] = rowsOf<AttemptCount>(result);
    return row ?? { count: 1, retry_after: windowSeconds };
  }

  /** The attempts at `key` in its present window, counting none. */
  async peek(key: string, windowSeconds: number): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(
        sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds}::int)`,
      );
    return row?.count ?? 0;
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
    const counted = windows.map(
      (window, index) =>
        sql`${sql.raw(`w${index}`)} as (${countAttemptSql(`${key}:${window.windowSeconds}s`, window.windowSeconds)})`,
    );
    const rows = windows.map(
      (_window, index) => sql`select ${index}::int as rule, count, retry_after from ${sql.raw(`w${index}`)}`,
    );
    const result = await this.db.execute(
      sql`with ${sql.join(counted, sql`, `)} ${sql.join(rows, sql` union all `)}`,
    );
    const over = rowsOf<AttemptCount & { rule: number }>(result).filter(
      (row) => row.count > (windows[row.rule]?.limit ?? Number.POSITIVE_INFINITY),
    );
    if (over.length === 0) return;
    const retryAfter = Math.max(...over.map((row) => row.retry_after));
    throw new AppError(refusal.code ?? "rate_limited", refusal.message(retryAfter), {
      "retry-after": String(retryAfter),
    });
  }

  /** Forgets a key's attempts (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }
}
