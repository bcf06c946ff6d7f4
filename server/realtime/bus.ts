import { EventEmitter } from "node:events";
import pg from "pg";

/** What instances tell each other: whose events to deliver, and which sessions to disconnect. */
export type BusMessage =
  | { kind: "events"; users: string[] }
  | { kind: "sessions-ended"; sessions: string[] }
  | { kind: "users-ended"; users: string[] }
  /** Something everyone sees changed (events, recruitment posts): clients refetch it. */
  | { kind: "broadcast"; topic: BroadcastTopic };

export type BroadcastTopic = "events.changed" | "recruitment.changed";

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
        ? { kind: message.kind, sessions: slice }
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

/** LISTEN on one dedicated connection (reconnecting if it drops), NOTIFY through the pool. */
export function createPostgresBus(url: string, pool: pg.Pool, onError: (error: Error) => void): LiveBus {
  const handlers = new Set<(message: BusMessage) => void>();
  let listener: pg.Client | null = null;
  let isClosed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      const message = JSON.parse(notification.payload) as BusMessage;
      for (const handler of handlers) handler(message);
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

  return {
    async publish(message) {
      for (const part of chunks(message)) {
        await pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(part)]);
      }
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
