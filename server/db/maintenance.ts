import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rowsOf } from "./rows";

/** Whether the PostgreSQL server vacuums and analyzes by itself (true when it does not say). */
export async function isAutovacuumOn(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select current_setting('autovacuum') = 'on' as on`);
  return rowsOf<{ on: boolean }>(result)[0]?.on ?? true;
}

/** Clears dead rows and refreshes the planner's row counts of every table. */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
