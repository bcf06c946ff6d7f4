import type { SessionEndReason } from "@shared/live-constants";
import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { endedSessions, isSuspendedSql, sessions, users } from "../db/schema";

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

/** Keeps why these sessions ended, for their tabs to learn (ended_sessions). */
export async function recordEndedSessions(db: Db, ids: string[], reason: SessionEndReason): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(endedSessions)
    .values(ids.map((id) => ({ id, reason })))
    .onConflictDoNothing();
}

/** Why the session behind a cookie hash was ended, once: the record goes as it is read. */
export async function takeEndReason(db: Db, id: string): Promise<SessionEndReason | null> {
  const [row] = await db.delete(endedSessions).where(eq(endedSessions.id, id)).returning();
  return row?.reason ?? null;
}
