import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { rowsOf } from "./rows";

const dialect = new PgDialect();

/** A prepared statement: run it on a handle, or take it as node-postgres takes a query. */
export interface PreparedStatement<Row> {
  (db: Db, values: object): Promise<Row[]>;
  /** The statement with these values as a node-postgres query: its name, text and parameters. */
  toQuery(values: object): { name: string; text: string; values: unknown[] };
}

/**
 * A raw statement for a hot path, prepared under a name: drizzle builds its text once, and a
 * PostgreSQL connection parses and plans it once instead of on every call (PGlite ignores the
 * name). Values go in by `sql.placeholder` name. The name must be unique in the app.
 */
export function preparedSql<Row>(name: string, query: SQL): PreparedStatement<Row> {
  const compiled = dialect.sqlToQuery(query);
  const byDb = new WeakMap<Db, PgPreparedQuery<PreparedQueryConfig>>();
  const run = async (db: Db, values: object): Promise<Row[]> => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(compiled, undefined, name, false);
      byDb.set(db, prepared);
    }
    return rowsOf<Row>(await prepared.execute(values as Record<string, unknown>));
  };
  const toQuery = (values: object) => ({
    name,
    text: compiled.sql,
    values: fillPlaceholders(compiled.params, values as Record<string, unknown>),
  });
  return Object.assign(run, { toQuery });
}
