import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedSql } from "../db/prepared-sql";
import { livePresence } from "../db/schema";

/**
 * A presence row counts while its instance's heartbeat is at most this many intervals late: one
 * missed beat (a slow query, a busy event loop) is forgiven, a stopped instance is not for long.
 */
export const PRESENCE_STALE_HEARTBEATS = 2.5;
/** Another instance's rows this many intervals late are deleted by whichever instance beats next. */
const PRESENCE_FORGET_HEARTBEATS = 20;

/**
 * Writes this instance's count of sockets for each user in one statement: a user with some is
 * upserted (seen now), a user with none is deleted.
 */
const writeStatement = preparedSql(
  "live_presence_write",
  sql`
    with batch as (
      select * from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("sockets")}::int[])
        as b(user_id, sockets)
    ), gone as (
      delete from ${livePresence} p using batch b
      where p.instance_id = ${sql.placeholder("instanceId")}::uuid and p.user_id = b.user_id and b.sockets = 0
    )
    insert into ${livePresence} (instance_id, user_id, sockets, seen_at)
    select ${sql.placeholder("instanceId")}::uuid, user_id, sockets, now() from batch where sockets > 0
    on conflict (instance_id, user_id) do update set sockets = excluded.sockets, seen_at = excluded.seen_at
  `,
);

/**
 * The heartbeat: this instance's users, all of them, seen now; its rows for anyone else deleted
 * (a write that failed cannot leave a user present for ever); other instances' long-dead rows
 * deleted. Its own rows are never in both the insert and a delete of this one statement.
 */
const heartbeatStatement = preparedSql(
  "live_presence_heartbeat",
  sql`
    with batch as (
      select * from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("sockets")}::int[])
        as b(user_id, sockets)
    ), gone as (
      delete from ${livePresence} p
      where (p.instance_id = ${sql.placeholder("instanceId")}::uuid
          and p.user_id <> all(${sql.placeholder("userIds")}::uuid[]))
        or (p.instance_id <> ${sql.placeholder("instanceId")}::uuid
          and p.seen_at < now() - ${sql.placeholder("forgetMs")}::double precision * interval '1 millisecond')
    )
    insert into ${livePresence} (instance_id, user_id, sockets, seen_at)
    select ${sql.placeholder("instanceId")}::uuid, user_id, sockets, now() from batch
    on conflict (instance_id, user_id) do update set sockets = excluded.sockets, seen_at = excluded.seen_at
  `,
);

const clearStatement = preparedSql(
  "live_presence_clear",
  sql`delete from ${livePresence} where instance_id = ${sql.placeholder("instanceId")}::uuid`,
);

const isPresentStatement = preparedSql<{ isPresent: boolean }>(
  "live_presence_find",
  sql`
    select exists (
      select 1 from ${livePresence}
      where user_id = ${sql.placeholder("userId")}::uuid
        and seen_at > now() - ${sql.placeholder("staleMs")}::double precision * interval '1 millisecond'
    ) as "isPresent"
  `,
);

/** Whether the user has a live socket open on any instance whose heartbeat is on time. */
export async function hasLivePresence(db: Db, userId: string, heartbeatMs: number): Promise<boolean> {
  const [row] = await isPresentStatement(db, { userId, staleMs: heartbeatMs * PRESENCE_STALE_HEARTBEATS });
  return row?.isPresent ?? false;
}

export interface PresenceTrackerOptions {
  db: Db;
  /** This instance's id, new at every start. */
  instanceId: string;
  heartbeatMs: number;
  /** The sockets a user has open on this instance now. */
  socketsOf: (userId: string) => number;
  /** Every user with a socket open on this instance now, and how many. */
  everyone: () => Iterable<[userId: string, sockets: number]>;
  onError: (error: unknown) => void;
}

export interface PresenceTracker {
  /**
   * Records that a user's sockets on this instance changed; resolves once it is written. Changes
   * arriving while a write is under way go together in the next one, in one statement.
   */
  changed(userId: string): Promise<void>;
  /** Stops the heartbeat, waits for the writes under way and deletes this instance's rows. */
  stop(): Promise<void>;
}

/**
 * This instance's share of the presence table. Writes happen when a socket opens or closes and
 * on the heartbeat, never per message; they go one at a time, each with the counts of the moment
 * it runs, so the last write for a user always carries its latest count.
 */
export function createPresenceTracker(options: PresenceTrackerOptions): PresenceTracker {
  const { db, instanceId } = options;
  const dirty = new Set<string>();
  let isStopped = false;
  let nextWrite: Promise<void> | null = null;
  let lastWrite: Promise<void> = Promise.resolve();

  const run = (work: () => Promise<unknown>): Promise<void> => {
    const done = lastWrite.then(async () => {
      if (isStopped) return;
      try {
        await work();
      } catch (error) {
        options.onError(error);
      }
    });
    lastWrite = done;
    return done;
  };

  const writeDirty = async () => {
    const userIds = [...dirty];
    dirty.clear();
    nextWrite = null;
    if (userIds.length === 0) return;
    const sockets = userIds.map((userId) => options.socketsOf(userId));
    await writeStatement(db, { instanceId, userIds, sockets });
  };

  const beat = () => {
    const userIds: string[] = [];
    const sockets: number[] = [];
    for (const [userId, count] of options.everyone()) {
      userIds.push(userId);
      sockets.push(count);
    }
    return heartbeatStatement(db, {
      instanceId,
      userIds,
      sockets,
      forgetMs: options.heartbeatMs * PRESENCE_FORGET_HEARTBEATS,
    });
  };
  const heartbeat = setInterval(() => void run(beat), options.heartbeatMs);
  heartbeat.unref();

  return {
    changed(userId) {
      if (isStopped) return Promise.resolve();
      dirty.add(userId);
      nextWrite ??= run(writeDirty);
      return nextWrite;
    },
    async stop() {
      clearInterval(heartbeat);
      isStopped = true;
      // Writes already queued do nothing now; the one under way finishes before the rows go.
      await lastWrite;
      dirty.clear();
      try {
        await clearStatement(db, { instanceId });
      } catch (error) {
        options.onError(error);
      }
    },
  };
}
