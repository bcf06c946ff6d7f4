import type { Db } from "../db/client";
import {
  clearPresenceStatement,
  heartbeatPresenceStatement,
  isPresentStatement,
  writePresenceStatement,
} from "./realtime.repository";

/**
 * A presence row counts while its instance's heartbeat is at most this many intervals late: one
 * missed beat (a slow query, a busy event loop) is forgiven, a stopped instance is not for long.
 */
export const PRESENCE_STALE_HEARTBEATS = 2.5;
/** Another instance's rows this many intervals late are deleted by whichever instance beats next. */
const PRESENCE_FORGET_HEARTBEATS = 20;

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
    await writePresenceStatement(db, { instanceId, userIds, sockets });
  };

  const beat = () => {
    const userIds: string[] = [];
    const sockets: number[] = [];
    for (const [userId, count] of options.everyone()) {
      userIds.push(userId);
      sockets.push(count);
    }
    return heartbeatPresenceStatement(db, {
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
        await clearPresenceStatement(db, { instanceId });
      } catch (error) {
        options.onError(error);
      }
    },
  };
}
