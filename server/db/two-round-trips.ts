import pg from "pg";
import type { Db } from "./client";
import type { PreparedStatement } from "./prepared-sql";

/** A prepared statement with its values. */
export interface Step<Row> {
  statement: PreparedStatement<Row>;
  values: object;
}

/** The pool behind a PostgreSQL handle; undefined on PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Two statements in one transaction, the second built from the first's rows (`next` may also
 * return nothing to run). On a PostgreSQL server whose pool pipelines, BEGIN travels with the
 * first statement and COMMIT with the second: two round trips instead of four. If the second
 * statement fails, the COMMIT behind it ends the aborted transaction as a rollback, so nothing of
 * either is kept. On PGlite (one connection in the process) it is an ordinary transaction.
 */
export async function transactionInTwoRoundTrips<A, B>(
  db: Db,
  first: Step<A>,
  next: (rows: A[]) => Step<B> | undefined,
): Promise<{ first: A[]; second: B[] }> {
  const pool = poolOf(db);
  if (!pool) {
    return db.transaction(async (tx) => {
      const firstRows = await first.statement(tx, first.values);
      const step = next(firstRows);
      return { first: firstRows, second: step ? await step.statement(tx, step.values) : [] };
    });
  }
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    // Queued together, so a pipelining client writes them at once; Promise.all handles both.
    const [, firstResult] = await Promise.all([
      client.query("begin"),
      client.query(first.statement.toQuery(first.values)),
    ]);
    const firstRows = firstResult.rows as A[];
    const step = next(firstRows);
    const secondQuery = step ? client.query(step.statement.toQuery(step.values)) : undefined;
    const [secondResult] = await Promise.all([secondQuery, client.query("commit")]);
    return { first: firstRows, second: (secondResult?.rows ?? []) as B[] };
  } catch (error) {
    // Outside a transaction (the COMMIT has gone) this is a warning only.
    await client.query("rollback").catch((rollbackError: Error) => {
      failure = rollbackError;
    });
    throw error;
  } finally {
    // A connection that could not roll back is closed, not handed to the next caller.
    client.release(failure);
  }
}
