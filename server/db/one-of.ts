import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * `column in ('a', 'b', ...)` written from one of shared's lists, for a check constraint that must
 * say what the migrations say: the list is a constant of the code, never a request's value, so it
 * is written into the SQL (a check cannot take parameters); quotes are doubled all the same.
 */
export function isOneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "))})`;
}
