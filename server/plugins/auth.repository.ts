import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isSuspendedSql, sessions, users } from "../db/schema";

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * The live sessions among `ids`, with their users, prepared once per database handle: live until
 * `now` passes its lifetime or its last use is before `idleSince`. A suspended or deleted account's
 * sessions are never found.
 */
export function prepareSessionUsers(db: Db) {
  const statement = db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder("ids")}::text[])`,
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastUsedAt, sql.placeholder("idleSince")),
        isNull(users.deletedAt),
        // A suspended account's sessions end when it is suspended; this keeps any straggler out.
        sql`not ${isSuspendedSql}`,
      ),
    )
    .prepare("session_users");
  return (values: { ids: string[]; now: string; idleSince: string }) => statement.execute(values);
}

/** Records the sessions' use at `now`, unless another request already did since `staleBefore`. */
export async function touchSessions(db: Db, ids: string[], now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(inArray(sessions.id, ids), lt(sessions.lastUsedAt, staleBefore)));
}
