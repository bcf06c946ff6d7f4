import type { LiveEvent } from "@shared/live-events";
import type { Db } from "../db/client";
import type { Step } from "../db/two-round-trips";
import {
  type AppendedRow,
  appendLiveEventsStatement,
  deleteLiveEventsOlderThan,
  readEventRowsAfter,
} from "./realtime.repository";

/** The append's statements as CTEs, for a module's batch that writes its rows and events in one statement. */
export { type AppendedRow, appendLiveEventsCtes } from "./realtime.repository";

export interface PendingEvent {
  userId: string;
  event: LiveEvent;
}

/** The users with new events, and each one's new frames in order. */
export interface AppendedEvents {
  users: string[];
  frames: Map<string, StoredFrame[]>;
}

/** What appends a set of events: the statement (none if there are no events) and its outcome. */
export interface LiveEventsAppend {
  step: Step<AppendedRow> | undefined;
  /** The users to notify and their new frames, from the statement's rows. */
  toAppended(rows: AppendedRow[]): AppendedEvents;
}

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
  return { step: { statement: appendLiveEventsStatement, values }, toAppended };
}

/**
 * Records events inside the caller's transaction, in one statement (prepareLiveEvents).
 * Returns the users to notify once the transaction has committed, and their new frames.
 */
export async function appendLiveEvents(tx: Db, events: PendingEvent[]): Promise<AppendedEvents> {
  const { step, toAppended } = prepareLiveEvents(events);
  return toAppended(step ? await step.statement(tx, step.values) : []);
}

/** Where one reader stands: it has every event of the user up to `after`. */
export interface EventCursor {
  userId: string;
  after: number;
}

export const cursorKey = (cursor: EventCursor) => `${cursor.userId}:${cursor.after}`;

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
 * The events after many readers' cursors in one query: what follows each cursor, in order, at most
 * `limit` each, keyed by cursorKey. Cursors without new events are absent. Each frame's text is
 * put together around the stored payload, so delivery neither parses nor serialises it again.
 */
export async function readEventsAfterMany(
  db: Db,
  cursors: EventCursor[],
  limit: number,
): Promise<Map<string, StoredFrame[]>> {
  const unique = [...new Map(cursors.map((cursor) => [cursorKey(cursor), cursor])).values()];
  const rows = await readEventRowsAfter(db, {
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

/** Events older than a week are only needed by clients gone that long; they refetch instead. */
export function pruneLiveEvents(db: Db, olderThanDays = 7): Promise<void> {
  return deleteLiveEventsOlderThan(db, olderThanDays);
}
