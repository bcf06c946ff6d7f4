import type { SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

/**
 * A raw statement for a hot path, prepared under a name: drizzle builds its text once, and a
 * PostgreSQL connection parses and plans it once instead of on every call (PGlite ignores the
 * name). Values go in by `sql.placeholder` name. The name must be unique in the app.
 */
export function preparedSql<Row>(name: string, query: SQL) {
  const compiled = dialect.sqlToQuery(query);
  const byDb = new WeakMap<Db, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db: Db, values: object): Promise<Row[]> => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(compiled, undefined, name, false);
      byDb.set(db, prepared);
    }
    const result = (await prepared.execute(values as Record<string, unknown>)) as { rows: Row[] };
    return result.rows;
  };
}
