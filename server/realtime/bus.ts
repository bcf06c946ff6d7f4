import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { SessionEndReason } from "@shared/live-constants";
import type { BroadcastTopic } from "@shared/live-events";
import pg from "pg";
import type { StoredFrame } from "./live-events";

/** What instances tell each other: whose events to deliver, and which sessions to disconnect. */
export type BusMessage =
  | {
      kind: "events";
      users: string[];
      /** The new events themselves, by user: handed to this instance's own sockets only, never sent. */
      frames?: ReadonlyMap<string, StoredFrame[]>;
    }
  /** `why` is told to the closed tabs (SESSION_END_REASONS); without it they are simply signed out. */
  | { kind: "sessions-ended"; sessions: string[]; why?: SessionEndReason }
  | { kind: "users-ended"; users: string[]; why?: SessionEndReason }
  /** Something everyone sees changed (events, recruitment posts): clients refetch it. */
  | { kind: "broadcast"; topic: BroadcastTopic };

/**
 * Fan-out between server instances. On PostgreSQL it is LISTEN/NOTIFY, so every instance on one
 * database hears every message; the embedded database serves one process, so a local emitter is
 * the whole story there. Messages carry ids only: the data itself is read from the database.
 */
export interface LiveBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "campus_live";
/** NOTIFY payloads must stay under 8,000 bytes: about 150 ids per message. */
const IDS_PER_MESSAGE = 150;

function chunks(message: BusMessage): BusMessage[] {
  if (message.kind === "broadcast") return [message];
  const ids = message.kind === "sessions-ended" ? message.sessions : message.users;
  if (ids.length <= IDS_PER_MESSAGE) return [message];
  const parts: BusMessage[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    const slice = ids.slice(i, i + IDS_PER_MESSAGE);
    parts.push(
      message.kind === "sessions-ended"
        ? { kind: message.kind, sessions: slice, why: message.why }
        : message.kind === "users-ended"
          ? { kind: message.kind, users: slice, why: message.why }
          : { kind: message.kind, users: slice },
    );
  }
  return parts;
}

export function createLocalBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit(CHANNEL, message);
    },
    subscribe(handler) {
      emitter.on(CHANNEL, handler);
      return () => emitter.off(CHANNEL, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * LISTEN on one dedicated connection (reconnecting if it drops), NOTIFY through the pool. This
 * instance's own subscribers hear a message at once, without the round trip through PostgreSQL,
 * and ignore its echo. "events" messages published while a NOTIFY is on its way are merged into
 * the next one: under load one NOTIFY announces many sends.
 */
export function createPostgresBus(url: string, pool: pg.Pool, onError: (error: Error) => void): LiveBus {
  const instanceId = randomUUID();
  const handlers = new Set<(message: BusMessage) => void>();
  let listener: pg.Client | null = null;
  let isClosed = false;

  const dispatch = (message: BusMessage) => {
    for (const handler of handlers) handler(message);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      const { from, ...message } = JSON.parse(notification.payload) as BusMessage & { from?: string };
      if (from !== instanceId) dispatch(message as BusMessage);
    });
    client.on("error", (error) => {
      onError(error);
      listener = null;
      if (!isClosed) setTimeout(() => void connect().catch(onError), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  const ready = connect();

  const notify = async (message: BusMessage) => {
    for (const part of chunks(message)) {
      await pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ ...part, from: instanceId })]);
    }
  };

  // Users whose events wait for the next NOTIFY, which goes once the previous one is done.
  const queuedUsers = new Set<string>();
  let nextNotify: Promise<void> | null = null;
  let lastNotify: Promise<void> = Promise.resolve();
  const notifyEvents = (users: string[]): Promise<void> => {
    for (const userId of users) queuedUsers.add(userId);
    if (!nextNotify) {
      nextNotify = lastNotify
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          const batch = [...queuedUsers];
          queuedUsers.clear();
          nextNotify = null;
          return notify({ kind: "events", users: batch });
        });
      lastNotify = nextNotify.catch(() => {});
    }
    return nextNotify;
  };

  return {
    async publish(message) {
      dispatch(message);
      if (message.kind === "events") await notifyEvents(message.users);
      else await notify(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      isClosed = true;
      await ready.catch(() => {});
      await listener?.end().catch(() => {});
    },
  };
}
