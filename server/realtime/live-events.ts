import type { LiveEvent } from "@shared/live-events";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedSql } from "../db/prepared-sql";
import { liveCursors, liveEvents } from "../db/schema";
import type { Step } from "../db/two-round-trips";

export interface PendingEvent {
  userId: string;
  event: LiveEvent;
}

/** The users with new events, and each one's new frames in order. */
export interface AppendedEvents {
  users: string[];
  frames: Map<string, StoredFrame[]>;
}

/**
 * Bumps each user's counter by their number of new events and inserts the events numbered up to
 * it; returns each user's new last number (the events themselves are the caller's already).
 */
const appendStatement = preparedSql<AppendedRow>(
  "live_events_append",
  sql`
    with batch as (
      select * from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("counts")}::bigint[]) as c(user_id, n)
    ), bumped as (
      insert into ${liveCursors} (user_id, seq)
      select user_id, n from batch order by user_id
      on conflict (user_id) do update set seq = ${liveCursors}.seq + excluded.seq
      returning user_id, seq
    ), stored as (
      insert into ${liveEvents} (user_id, seq, type, payload)
      select e.user_id, b.seq - c.n + e.ordinal, e.type, e.payload
      from unnest(
        ${sql.placeholder("eventUserIds")}::uuid[],
        ${sql.placeholder("ordinals")}::bigint[],
        ${sql.placeholder("types")}::text[],
        ${sql.placeholder("payloads")}::text[]
      ) as e(user_id, ordinal, type, payload)
      join bumped b on b.user_id = e.user_id
      join batch c on c.user_id = e.user_id
    )
    select user_id, seq from bumped
  `,
);

/** What appends a set of events: the statement (none if there are no events) and its outcome. */
export interface LiveEventsAppend {
  step: Step<AppendedRow> | undefined;
  /** The users to notify and their new frames, from the statement's rows. */
  toAppended(rows: AppendedRow[]): AppendedEvents;
}

type AppendedRow = { user_id: string; seq: number | string };

/**
 * The statement that records events inside the caller's transaction. Each user's counter row is
 * bumped first, in a fixed order (so two writers never deadlock), and stays locked until commit:
 * numbers are gap-free and a later one is never visible before an earlier one.
 */
export function prepareLiveEvents(events: PendingEvent[]): LiveEventsAppend {
  const byUser = new Map<string, { type: string; payload: string }[]>();
  // An event several users get (a message to both members) is serialised once.
  const payloads = new Map<object, string>();
  for (const { userId, event } of events) {
    let payload = payloads.get(event.data);
    if (payload === undefined) {
      payload = JSON.stringify(event.data);
      payloads.set(event.data, payload);
    }
    const list = byUser.get(userId) ?? [];
    list.push({ type: event.type, payload });
    byUser.set(userId, list);
  }
  const userIds = [...byUser.keys()].sort();
  // The bumped counter is the last number of the user's batch: event k of n gets seq - n + k.
  const toAppended = (bumped: AppendedRow[]): AppendedEvents => {
    const frames = new Map<string, StoredFrame[]>();
    for (const { user_id: userId, seq } of bumped) {
      const list = byUser.get(userId) ?? [];
      const first = Number(seq) - list.length + 1;
      frames.set(
        userId,
        list.map((event, index) => toStoredFrame(first + index, event.type, event.payload)),
      );
    }
    return { users: userIds, frames };
  };
  if (userIds.length === 0) return { step: undefined, toAppended };
  // One row per event: its user, its place among that user's events (1-based), type and payload.
  const rows = userIds.flatMap((userId) =>
    (byUser.get(userId) ?? []).map((event, index) => ({ userId, ordinal: index + 1, ...event })),
  );
  const values = {
    userIds,
    counts: userIds.map((userId) => byUser.get(userId)?.length ?? 0),
    eventUserIds: rows.map((row) => row.userId),
    ordinals: rows.map((row) => row.ordinal),
    types: rows.map((row) => row.type),
    payloads: rows.map((row) => row.payload),
  };
  return { step: { statement: appendStatement, values }, toAppended };
}

/**
 * Records events inside the caller's transaction, in one statement (prepareLiveEvents).
 * Returns the users to notify once the transaction has committed, and their new frames.
 */
export async function appendLiveEvents(tx: Db, events: PendingEvent[]): Promise<AppendedEvents> {
  const { step, toAppended } = prepareLiveEvents(events);
  return toAppended(step ? await step.statement(tx, step.values) : []);
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

/** Where one reader stands: it has every event of the user up to `after`. */
export interface EventCursor {
  userId: string;
  after: number;
}

export const cursorKey = (cursor: EventCursor) => `${cursor.userId}:${cursor.after}`;

const eventsAfterStatement = preparedSql<EventRow>(
  "live_events_after_many",
  sql`
    select c.user_id, c.after, e.seq, e.type, e.payload
    from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("afters")}::bigint[]) as c(user_id, after)
    cross join lateral (
      select seq, type, payload from ${liveEvents}
      where user_id = c.user_id and seq > c.after
      order by seq
      limit ${sql.placeholder("limit")}
    ) e
    order by c.user_id, c.after, e.seq
  `,
);

/** A numbered event as the socket sends it: the frame's JSON text, ready to write. */
export interface StoredFrame {
  seq: number;
  text: string;
}

/** The same JSON as JSON.stringify({ seq, type, data }); the payload is JSON the server wrote. */
export function toStoredFrame(seq: number, type: string, payload: string): StoredFrame {
  return { seq, text: `{"seq":${seq},"type":${JSON.stringify(type)},"data":${payload}}` };
}

/**
 * readEventsAfter for many readers in one query: what follows each cursor, in order, at most
 * `limit` each, keyed by cursorKey. Cursors without new events are absent. Each frame's text is
 * put together around the stored payload, so delivery neither parses nor serialises it again.
 */
export async function readEventsAfterMany(
  db: Db,
  cursors: EventCursor[],
  limit: number,
): Promise<Map<string, StoredFrame[]>> {
  const unique = [...new Map(cursors.map((cursor) => [cursorKey(cursor), cursor])).values()];
  const rows = await eventsAfterStatement(db, {
    userIds: unique.map((cursor) => cursor.userId),
    afters: unique.map((cursor) => cursor.after),
    limit,
  });
  const found = new Map<string, StoredFrame[]>();
  for (const row of rows) {
    const key = cursorKey({ userId: row.user_id, after: Number(row.after) });
    const list = found.get(key) ?? [];
    list.push(toStoredFrame(Number(row.seq), row.type, row.payload));
    found.set(key, list);
  }
  return found;
}

interface EventRow {
  user_id: string;
  after: number | string;
  seq: number | string;
  type: string;
  payload: string;
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
