import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recoveryCodes, type SignInChallengeRow, secondFactors, signInChallenges } from "../../db/schema";

export async function findSecondFactor(db: Db, userId: string) {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
  return row;
}

export async function insertChallenge(db: Db, values: typeof signInChallenges.$inferInsert): Promise<void> {
  await db.insert(signInChallenges).values(values);
}

/**
 * Counts one try at a live challenge (unused, unexpired) and returns it with the new count;
 * undefined when there is no such challenge.
 */
export async function countChallengeAttempt(db: Db, id: string): Promise<SignInChallengeRow | undefined> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.id, id),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** Marks a challenge used; false when it already was (two answers raced). */
export async function spendChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

/** Stores the first confirmed key; false when the user already has one (another setup won). */
export async function insertSecondFactor(
  db: Db,
  values: { userId: string; secret: string; lastUsedStep: number },
): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values(values)
    .onConflictDoNothing({ target: secondFactors.userId })
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Records the step of an accepted code, only if it is later than every step used before. */
export async function advanceLastUsedStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(secondFactors.userId, userId), lt(secondFactors.lastUsedStep, step)))
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** The stored (salted) hashes of the recovery codes not used yet. */
export async function findUnusedRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.map((row) => row.codeHash);
}

/** Uses up an unused recovery code; false when there is none with this hash. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}

/** Forgets the key, the recovery codes and open challenges: the next sign-in sets up a new key. */
export async function deleteSecondFactor(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ userId: secondFactors.userId });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  return rows.length > 0;
}
