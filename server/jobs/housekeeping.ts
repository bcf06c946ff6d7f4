import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { emailTokens, rateLimits, sessions } from "../db/schema";
import { pruneLiveEvents } from "../realtime/live-events";

const HOUR_MS = 60 * 60 * 1000;

/** Removes what has expired: week-old live events, ended sessions, used links, old rate windows. */
export async function runHousekeeping(db: Db): Promise<void> {
  await pruneLiveEvents(db);
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
  await db.delete(emailTokens).where(sql`${emailTokens.expiresAt} < now() - interval '7 days'`);
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}

/** Runs housekeeping hourly; any instance may run it, the deletes are idempotent. */
export function startHousekeeping(db: Db, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    runHousekeeping(db).catch((error) => log.warn({ err: error }, "housekeeping failed"));
  }, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
