import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isSuspendedSql, type SuspensionRow, suspensions, users } from "../../db/schema";

/** How many suspended accounts the Reports tab lists. */
const BOARD_LIMIT = 50;

export async function insertSuspension(
  db: Db,
  values: Pick<typeof suspensions.$inferInsert, "userId" | "actorId" | "reportId" | "reason" | "endsAt">,
): Promise<SuspensionRow> {
  const [row] = await db.insert(suspensions).values(values).returning();
  if (!row) throw new Error("the suspension was not stored");
  return row;
}

/** The account's suspension not lifted yet, the latest first. */
export async function findCurrentSuspension(db: Db, userId: string): Promise<SuspensionRow | undefined> {
  const [row] = await db
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt)))
    .orderBy(desc(suspensions.startsAt), desc(suspensions.id))
    .limit(1);
  return row;
}

export async function findSuspension(db: Db, id: string): Promise<SuspensionRow | undefined> {
  const [row] = await db.select().from(suspensions).where(eq(suspensions.id, id)).limit(1);
  return row;
}

/** Marks the account's suspensions lifted; returns the latest of them. */
export async function markLifted(
  db: Db,
  userId: string,
  adminId: string,
): Promise<SuspensionRow | undefined> {
  const rows = await db
    .update(suspensions)
    .set({ liftedAt: new Date(), liftedBy: adminId })
    .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt)))
    .returning();
  return rows.sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())[0];
}

/** The accounts suspended now, with the running suspension's record, the latest suspended first. */
export async function findSuspendedNow(db: Db) {
  return db
    .select({
      suspension: suspensions,
      name: users.name,
      email: users.email,
      college: users.college,
    })
    .from(suspensions)
    .innerJoin(users, eq(users.id, suspensions.userId))
    .where(
      and(
        isNull(suspensions.liftedAt),
        sql`${isSuspendedSql}`,
        sql`${users.deletedAt} is null`,
        // Only the latest record of each account.
        sql`not exists (select 1 from ${suspensions} later where later.user_id = ${suspensions.userId} and later.lifted_at is null and later.starts_at > ${suspensions.startsAt})`,
      ),
    )
    .orderBy(desc(suspensions.startsAt), desc(suspensions.id))
    .limit(BOARD_LIMIT);
}
