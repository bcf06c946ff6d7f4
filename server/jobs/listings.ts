import type { AppContext } from "../context";
import { runFreshnessWork, runListingsWork } from "../modules/items/listings-work";
import { claimJob, releaseJob } from "./jobs.repository";

const RUN_EVERY_MS = 60 * 1000;

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
