import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, fromPglite, fromPostgres, PGLITE_EXTENSIONS } from "../../server/db/client";
import { seedCollegesIfEmpty } from "../../server/modules/colleges/colleges.seed";

/** Which database the API tests run on: the embedded one, or the server in TEST_DATABASE_URL. */
export type TestDatabaseTarget =
  | { kind: "embedded"; templateFile: string }
  | { kind: "postgres"; url: string; template: string };

/** One template per test run, so two runs on one server do not drop each other's template. */
const POSTGRES_TEMPLATE_PREFIX = "campus_bazaar_test_template";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds one template, once per run: every test file starts from a copy of it. */
export async function createTemplate(options: {
  postgresUrl?: string;
  templateFile: string;
}): Promise<TestDatabaseTarget> {
  if (options.postgresUrl) {
    const url = options.postgresUrl;
    const template = `${POSTGRES_TEMPLATE_PREFIX}_${process.pid}`;
    await adminQuery(url, `drop database if exists ${template} with (force)`);
    await adminQuery(url, `create database ${template}`);
    const database = fromPostgres(withDatabase(url, template), 2);
    await database.migrate();
    await seedCollegesIfEmpty(database.db);
    await database.close();
    return { kind: "postgres", url, template };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  await database.migrate();
  await seedCollegesIfEmpty(database.db);
  const dump = await client.dumpDataDir("none");
  await fs.writeFile(options.templateFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return { kind: "embedded", templateFile: options.templateFile };
}

/**
 * A fresh PostgreSQL database copied from the template, for tests that attach several pools (several
 * app instances) to one database: its URL, and drop() to remove it once every pool is closed.
 */
export async function createPostgresTestDatabase(
  target: Extract<TestDatabaseTarget, { kind: "postgres" }>,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `campus_bazaar_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(target.url, `create database ${name} template ${target.template}`);
  return {
    url: withDatabase(target.url, name),
    drop: () => adminQuery(target.url, `drop database if exists ${name} with (force)`),
  };
}

/** A fresh database copied from the template, dropped again by close(). */
export async function openTestDatabase(target: TestDatabaseTarget): Promise<Database> {
  if (target.kind === "embedded") {
    const dump = await fs.readFile(target.templateFile);
    const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
    return fromPglite(client);
  }
  const created = await createPostgresTestDatabase(target);
  const database = fromPostgres(created.url, 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * Two handles on one fresh database, as two instances behind a load balancer have. On PostgreSQL
 * each has its own pool; the embedded database serves one process, so there the two share its one
 * connection. drop() removes it once both are closed.
 */
export async function openTwoDatabases(
  target: TestDatabaseTarget,
): Promise<{ a: Database; b: Database; drop(): Promise<void> }> {
  if (target.kind === "postgres") {
    const created = await createPostgresTestDatabase(target);
    return { a: fromPostgres(created.url, 4), b: fromPostgres(created.url, 4), drop: created.drop };
  }
  const shared = await openTestDatabase(target);
  return { a: shared, b: { ...shared, close: async () => {} }, drop: async () => {} };
}

/** Drops the run's PostgreSQL template once every test file is done with it. */
export async function dropTemplate(target: TestDatabaseTarget): Promise<void> {
  if (target.kind !== "postgres") return;
  await adminQuery(target.url, `drop database if exists ${target.template} with (force)`);
}

/**
 * Waits (at most 5 s) until `count` statements on the connection's database wait for a lock of one
 * of these kinds (pg_stat_activity's wait_event: 'transactionid', 'tuple', 'advisory'...). The
 * connection may be inside a transaction: its statistics snapshot is dropped to see the present.
 */
export async function waitForLockWaits(
  connection: pg.Client,
  waitEvents: readonly string[],
  count = 1,
): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    await connection.query("select pg_stat_clear_snapshot()");
    const { rows } = await connection.query(
      `select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and wait_event = any($1)`,
      [waitEvents],
    );
    if (rows.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} statements ever waited on a lock of kind ${waitEvents.join(" or ")}`);
}
