import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailTokens, endedSessions, jobState, rateLimits, sessions, signInChallenges } from "../db/schema";

/** How long one instance holds a job; a crashed instance's lease runs out after this. */
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

/** Ended sessions, week-old used links, expired sign-in challenges and day-old rate windows. */
export async function deleteExpiredRows(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
  await db.delete(endedSessions).where(sql`${endedSessions.endedAt} < now() - interval '30 days'`);
  await db.delete(emailTokens).where(sql`${emailTokens.expiresAt} < now() - interval '7 days'`);
  await db.delete(signInChallenges).where(sql`${signInChallenges.expiresAt} < now()`);
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}
