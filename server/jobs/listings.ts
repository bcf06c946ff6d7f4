import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { jobState } from "../db/schema";
import { runFreshnessWork, runListingsWork } from "../modules/items/listings-work";

const RUN_EVERY_MS = 60 * 1000;
/** How long one instance holds the job; a crashed instance's lease runs out after this. */
const LEASE_MS = 5 * 60 * 1000;

/**
 * Takes the named job's lease when no instance holds it (one statement, so two instances never
 * both win); true when this instance may run it now.
 */
export async function claimJob(db: Db, name: string, leaseMs = LEASE_MS): Promise<boolean> {
  await db.insert(jobState).values({ name }).onConflictDoNothing();
  const rows = await db
    .update(jobState)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(eq(jobState.name, name), or(isNull(jobState.lockedUntil), lte(jobState.lockedUntil, sql`now()`))),
    )
    .returning({ name: jobState.name });
  return rows.length > 0;
}

export async function releaseJob(db: Db, name: string): Promise<void> {
  await db.update(jobState).set({ lockedUntil: null }).where(eq(jobState.name, name));
}

/** Runs the listings work once if no other instance is running it; true when it ran. */
export async function runListingsJobOnce(ctx: Pick<AppContext, "db" | "bus" | "log">, now?: Date) {
  if (!(await claimJob(ctx.db, "listings"))) return false;
  try {
    await runListingsWork(ctx, now);
  } finally {
    await releaseJob(ctx.db, "listings");
  }
  return true;
}

/**
 * Every minute one instance (whichever takes the lease) expires and warns listings, matches new
 * items to saved searches and sends their notices; its progress is in the database, so it survives
 * restarts, and a saved search hears of its first match within a few minutes. Before the app
 * answers, listings that lapsed while it was down are warned and expired, so browse never shows
 * them for the first minute after a start.
 */
export async function startListingsJob(ctx: Pick<AppContext, "db" | "bus" | "log">): Promise<() => void> {
  try {
    await runFreshnessWork(ctx);
  } catch (error) {
    ctx.log.warn({ err: error }, "expiring lapsed listings at start-up failed; the listings job retries");
  }
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runListingsJobOnce(ctx)
      .catch((error) => ctx.log.warn({ err: error }, "listings job failed"))
      .finally(() => {
        running = false;
      });
  }, RUN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
