import pg from "pg";

/** The PostgreSQL server benchmarks may use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else none. */
export const benchPostgresUrl = (): string | undefined =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export function withDatabase(url: string, database: string): string {
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

/** Drops and creates a scratch database on the server; returns its URL. The role needs CREATEDB. */
export async function freshDatabase(url: string, database: string): Promise<string> {
  await adminQuery(url, `drop database if exists ${database} with (force)`);
  await adminQuery(url, `create database ${database}`);
  return withDatabase(url, database);
}

export async function dropDatabase(url: string, database: string): Promise<void> {
  await adminQuery(url, `drop database if exists ${database} with (force)`);
}
