import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";

export interface SessionRow {
  id: string;
  publicId: string;
  userAgent: string;
  address: string;
  createdAt: Date;
  lastUsedAt: Date;
}

const columns = {
  id: sessions.id,
  publicId: sessions.publicId,
  userAgent: sessions.userAgent,
  address: sessions.address,
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
};

/** A user's sessions that still sign in: within their lifetime and used since `idleSince`. */
export function findLiveSessions(db: Db, userId: string, idleSince: Date): Promise<SessionRow[]> {
  return db
    .select(columns)
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastUsedAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** One of the user's own sessions by its public id; another user's is never found. */
export async function findOwnSession(
  db: Db,
  userId: string,
  publicId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)));
  return row;
}

/** Deletes one session, returning its id when it was there. */
export async function deleteSession(db: Db, id: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Deletes every session of the user but `keepId` (all of them without one), returning their ids. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string | null): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
