import type { VerificationMethod } from "@shared/verification-constants";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collegeCodes, idVerifications, isSuspendedSql, users } from "../../db/schema";

/** Other accounts (not deleted) verified with this address, and whether each is suspended now. */
export async function holdersOfAddress(db: Db, emailHash: string, exceptUserId: string) {
  return db
    .select({ id: users.id, isSuspended: sql<boolean>`${isSuspendedSql}` })
    .from(users)
    .where(
      and(eq(users.collegeEmailHash, emailHash), ne(users.id, exceptUserId), sql`${users.deletedAt} is null`),
    );
}

/** Keeps one waiting code per student: a new one replaces the last, with its tries back at zero. */
export async function keepCode(db: Db, row: typeof collegeCodes.$inferInsert): Promise<void> {
  await db
    .insert(collegeCodes)
    .values(row)
    .onConflictDoUpdate({
      target: collegeCodes.userId,
      set: {
        emailHash: row.emailHash,
        codeHash: row.codeHash,
        collegeName: row.collegeName,
        tries: 0,
        createdAt: sql`now()`,
        expiresAt: row.expiresAt,
      },
    });
}

/** The student's waiting code, locked for the attempt, with whether it has expired (the database's clock). */
export async function lockCode(db: Db, userId: string) {
  const [row] = await db
    .select({ code: collegeCodes, isExpired: sql<boolean>`${collegeCodes.expiresAt} <= now()` })
    .from(collegeCodes)
    .where(eq(collegeCodes.userId, userId))
    .for("update");
  return row;
}

export async function countTry(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(collegeCodes)
    .set({ tries: sql`${collegeCodes.tries} + 1` })
    .where(eq(collegeCodes.userId, userId))
    .returning({ tries: collegeCodes.tries });
  return row?.tries ?? 0;
}

export async function deleteCode(db: Db, userId: string): Promise<void> {
  await db.delete(collegeCodes).where(eq(collegeCodes.userId, userId));
}

/** Marks the student verified for a college; an address proof keeps the address's keyed hash. */
export async function markVerified(
  db: Db,
  userId: string,
  proof: { college: string; via: VerificationMethod; emailHash?: string },
) {
  const [row] = await db
    .update(users)
    .set({
      collegeVerifiedAt: sql`now()`,
      collegeVerifiedName: proof.college,
      collegeVerifiedVia: proof.via,
      ...(proof.emailHash ? { collegeEmailHash: proof.emailHash } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The student's latest student ID review. */
export async function latestIdReview(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(idVerifications)
    .where(eq(idVerifications.userId, userId))
    .orderBy(desc(idVerifications.createdAt))
    .limit(1);
  return row;
}

/** A new review; undefined when one of the student's is already waiting. */
export async function insertIdReview(db: Db, row: { userId: string; collegeName: string; photoKey: string }) {
  const [inserted] = await db.insert(idVerifications).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The waiting reviews, oldest first, with each student's name, e-mail and account age. */
export async function pendingIdReviews(db: Db) {
  return db
    .select({
      id: idVerifications.id,
      userId: idVerifications.userId,
      collegeName: idVerifications.collegeName,
      createdAt: idVerifications.createdAt,
      name: users.name,
      email: users.email,
      accountCreatedAt: users.createdAt,
    })
    .from(idVerifications)
    .innerJoin(users, eq(users.id, idVerifications.userId))
    .where(eq(idVerifications.status, "pending"))
    .orderBy(asc(idVerifications.createdAt))
    .limit(200);
}

export async function findIdReview(db: Db, id: string) {
  const [row] = await db.select().from(idVerifications).where(eq(idVerifications.id, id)).limit(1);
  return row;
}

/** A review, locked for its decision. */
export async function lockIdReview(db: Db, id: string) {
  const [row] = await db.select().from(idVerifications).where(eq(idVerifications.id, id)).for("update");
  return row;
}

/** Records the decision on a waiting review and forgets its photo; undefined when already decided. */
export async function decideIdReview(
  db: Db,
  id: string,
  decision: { status: "approved" | "rejected"; reason: string | null; decidedBy: string },
) {
  const [row] = await db
    .update(idVerifications)
    .set({ ...decision, photoKey: null, decidedAt: sql`now()` })
    .where(and(eq(idVerifications.id, id), eq(idVerifications.status, "pending")))
    .returning();
  return row;
}

/** Whether a suspended account (suspended now, not deleted) has this mobile number. */
export async function isMobileOfSuspendedAccount(db: Db, mobile: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), sql`${users.deletedAt} is null`, isSuspendedSql))
    .limit(1);
  return row !== undefined;
}
