import type { LiveEvent } from "@shared/api/chats";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { liveCursors, liveEvents } from "../db/schema";

export interface PendingEvent {
  userId: string;
  event: LiveEvent;
}

/**
 * Records events inside the caller's transaction. Each user's counter row is bumped first, in a
 * fixed order (so two writers never deadlock), and stays locked until commit: numbers are
 * gap-free and a later one is never visible before an earlier one.
 * Returns the users to notify once the transaction has committed.
 */
export async function appendLiveEvents(tx: Db, events: PendingEvent[]): Promise<string[]> {
  const byUser = new Map<string, LiveEvent[]>();
  for (const { userId, event } of events) byUser.set(userId, [...(byUser.get(userId) ?? []), event]);
  const userIds = [...byUser.keys()].sort();
  for (const userId of userIds) {
    const list = byUser.get(userId) ?? [];
    const [cursor] = await tx
      .insert(liveCursors)
      .values({ userId, seq: list.length })
      .onConflictDoUpdate({
        target: liveCursors.userId,
        set: { seq: sql`${liveCursors.seq} + ${list.length}` },
      })
      .returning({ seq: liveCursors.seq });
    const last = cursor?.seq ?? list.length;
    await tx.insert(liveEvents).values(
      list.map((event, index) => ({
        userId,
        seq: last - list.length + index + 1,
        type: event.type,
        payload: JSON.stringify(event.data),
      })),
    );
  }
  return userIds;
}

export async function currentSeq(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: liveCursors.seq })
    .from(liveCursors)
    .where(eq(liveCursors.userId, userId));
  return row?.seq ?? 0;
}

export async function readEventsAfter(
  db: Db,
  userId: string,
  after: number,
  limit: number,
): Promise<({ seq: number } & LiveEvent)[]> {
  const rows = await db
    .select({ seq: liveEvents.seq, type: liveEvents.type, payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.seq, after)))
    .orderBy(asc(liveEvents.seq))
    .limit(limit);
  return rows.map(
    (row) => ({ seq: row.seq, type: row.type, data: JSON.parse(row.payload) }) as { seq: number } & LiveEvent,
  );
}

/** Events older than a week are only needed by clients gone that long; they refetch instead. */
export async function pruneLiveEvents(db: Db, olderThanDays = 7): Promise<void> {
  await db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < now() - make_interval(days => ${olderThanDays})`);
}

/** Whether the event right after `after` is still stored (old events are pruned). */
export async function hasEventAfter(db: Db, userId: string, after: number): Promise<boolean> {
  const [row] = await db
    .select({ seq: liveEvents.seq })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), eq(liveEvents.seq, after + 1)))
    .limit(1);
  return row !== undefined;
}
