import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { follows, userBlocks, users } from "../../db/schema";

/** Whether either of the two has blocked the other. */
export async function isEitherBlocked(db: Db, oneId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, oneId), eq(userBlocks.blockedId, otherId)),
        and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, oneId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether `blockerId` has blocked `blockedId` (one way). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Blocks a student: the block, and the follows between the two end (the blocked student may not
 * follow the blocker, and the blocker is done with them). True when the block is new. Run inside a
 * transaction: it holds the pair's lock (migration 0026) until the block commits, so a send between
 * the two either finishes before it or waits for it and is refused.
 */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  await db.execute(
    sql`select pg_advisory_xact_lock(user_pair_lock_key(${blockerId}::uuid, ${blockedId}::uuid))`,
  );
  const created = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
        and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
      ),
    );
  return created.length > 0;
}

/** Ends a block; true when there was one. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockerId: userBlocks.blockerId });
  return removed.length > 0;
}

/** The students a user blocked, most recent first (accounts still there). */
export async function blockedBy(db: Db, blockerId: string) {
  return db
    .select({ id: users.id, name: users.name, college: users.college, profilePhoto: users.profilePhoto })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, blockerId), isNull(users.deletedAt)))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}
