import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rowsOf } from "./rows";

/**
 * The SQL functions kept whole, one file each (decision 043): `functions/<name>.sql` defines the
 * function `<name>`. They are applied after the numbered migrations, on every start, but only a
 * file whose text changed since it was last applied: its earlier definitions (every argument list
 * of that name) are dropped and the file run, in one transaction, and its hash recorded in
 * `drizzle.__repeatable_sql` beside Drizzle's own table of migrations.
 */
export const FUNCTIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "functions");

/** Two instances starting together apply a changed file once: the second waits, then finds it done. */
const APPLY_LOCK = 4_304_300_043;

export interface RepeatableFile {
  name: string;
  text: string;
  hash: string;
}

export async function readRepeatableFiles(folder = FUNCTIONS_FOLDER): Promise<RepeatableFile[]> {
  const names = (await fs.readdir(folder)).filter((file) => file.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (file) => {
      const text = await fs.readFile(path.join(folder, file), "utf8");
      return {
        name: file.slice(0, -".sql".length),
        text,
        hash: createHash("sha256").update(text).digest("hex"),
      };
    }),
  );
}

/** Applies the files whose text changed; returns the names of those it applied. */
export async function applyRepeatableSql(db: Db, folder = FUNCTIONS_FOLDER): Promise<string[]> {
  const files = await readRepeatableFiles(folder);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK}::bigint)`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__repeatable_sql (
      name text primary key, hash text not null, applied_at timestamptz not null default now())`);
    const applied = new Map(
      rowsOf<{ name: string; hash: string }>(
        await tx.execute(sql`select name, hash from drizzle.__repeatable_sql`),
      ).map((row) => [row.name, row.hash]),
    );
    const changed = files.filter((file) => applied.get(file.name) !== file.hash);
    for (const file of changed) {
      // Every earlier argument list of the function goes, so a change of its arguments or columns
      // leaves no stale overload behind.
      const earlier = rowsOf<{ signature: string }>(
        await tx.execute(sql`select p.oid::regprocedure::text as signature from pg_proc p
          where p.proname = ${file.name} and p.pronamespace = current_schema()::regnamespace`),
      );
      for (const { signature } of earlier) await tx.execute(sql.raw(`drop function ${signature}`));
      await tx.execute(sql.raw(file.text));
      await tx.execute(sql`insert into drizzle.__repeatable_sql (name, hash) values (${file.name}, ${file.hash})
        on conflict (name) do update set hash = excluded.hash, applied_at = now()`);
    }
    return changed.map((file) => file.name);
  });
}
