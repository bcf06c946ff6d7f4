import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { rateLimits } from "../db/schema";

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

/** Adds `amount` to `key`'s count in its present window (a new window starts at `amount`). */
export async function addToCount(
  db: Db,
  key: string,
  amount: number,
  windowSeconds: number,
): Promise<AttemptCount> {
  const result = await db.execute(
    countAttemptsSql(sql`select ${key}::text, ${Math.round(amount)}::int`, windowSeconds),
  );
  const [row] = rowsOf<AttemptCount>(result);
  return row ?? { count: amount, retry_after: windowSeconds };
}

/**
 * Counts one attempt at each key in its own window, in one statement; each answer says which
 * window (`rule`, its index) it is.
 */
export async function countAttemptInWindows(
  db: Db,
  windows: readonly { key: string; windowSeconds: number }[],
): Promise<(AttemptCount & { rule: number })[]> {
  const counted = windows.map(
    (window, index) => sql`${sql.raw(`w${index}`)} as (${countAttemptSql(window.key, window.windowSeconds)})`,
  );
  const rows = windows.map(
    (_window, index) => sql`select ${index}::int as rule, count, retry_after from ${sql.raw(`w${index}`)}`,
  );
  return rowsOf<AttemptCount & { rule: number }>(
    await db.execute(sql`with ${sql.join(counted, sql`, `)} ${sql.join(rows, sql` union all `)}`),
  );
}

/** What `key` has counted in its present window and the seconds until it ends, counting nothing. */
export async function currentCount(db: Db, key: string, windowSeconds: number): Promise<AttemptCount> {
  const window = sql`make_interval(secs => ${windowSeconds}::int)`;
  const [row] = await db
    .select({
      count: rateLimits.count,
      retry_after: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now()))))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= now() - ${window}`);
  return row ?? { count: 0, retry_after: windowSeconds };
}

export async function deleteAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
