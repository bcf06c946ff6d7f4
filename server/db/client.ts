import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createLocalBus, createPostgresBus, type LiveBus } from "../realtime/bus";
import { lockDataDir } from "./data-dir-lock";
import { applyRepeatableSql } from "./repeatable";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database handle every repository takes; the same on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "embedded" | "postgres";
  /** Runs the checked-in migrations, then the SQL functions whose file changed (server/db/repeatable.ts). */
  migrate(): Promise<void>;
  /** A plain query, for health checks. */
  ping(): Promise<void>;
  /** Connections of the pool: in all, idle, and requests waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** The fan-out of live events between instances on this database. */
  createBus(onError: (error: Error) => void): LiveBus;
  close(): Promise<void>;
}

/** Extensions the migrations create; PGlite must load them before it can. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query synchronously and hands its lock to the next waiter without letting the
 * event loop turn, so a queue of queries would hold up every socket, timer and request for as long
 * as the whole queue takes. Here the queries wait in one line of our own, and the event loop turns
 * once before each: the same order and exclusivity, but requests and live events move in between.
 */
const takingTurns = new WeakSet<PGlite>();

function takeTurns(client: PGlite): void {
  if (takingTurns.has(client)) return;
  takingTurns.add(client);
  let tail: Promise<unknown> = Promise.resolve();
  const inLine = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(nextTurn).then(work);
    tail = result.catch(() => {});
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => inLine(() => query(...args))) as PGlite["query"];
  client.exec = (...args) => inLine(() => exec(...args));
  client.transaction = ((...args: Parameters<PGlite["transaction"]>) =>
    inLine(() => transaction(...args))) as PGlite["transaction"];
}

/** Wraps an open PGlite (a folder, memory, or a loaded template) as the app's database. */
export function fromPglite(client: PGlite, release: () => void = () => {}): Database {
  takeTurns(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "embedded",
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await applyRepeatableSql(db);
    },
    ping: async () => {
      await client.query("select 1");
    },
    createBus: () => createLocalBus(),
    // One connection, always there.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export function fromPostgres(url: string, poolSize = 10): Database {
  // Pipelining: queries queued on one connection go without waiting for each other's answers, so a
  // chat send batch's BEGIN travels with its first statement and its COMMIT with its second.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await applyRepeatableSql(db);
    },
    ping: async () => {
      await pool.query("select 1");
    },
    createBus: (onError) => createPostgresBus(url, pool, onError),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Opens the database the configuration names: a PostgreSQL server, or PGlite under DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  const folder = path.join(options.dataDir, "db");
  const release = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create({ dataDir: folder, extensions: PGLITE_EXTENSIONS });
    return fromPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}
