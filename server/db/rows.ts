/**
 * The rows of a raw `db.execute(sql\`...\`)`. Both drivers (PGlite and node-postgres) answer
 * `{ rows }`, but Drizzle's shared `Db` type leaves that answer `unknown`, so the row shape is the
 * caller's word: name it here once rather than casting at each call.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
