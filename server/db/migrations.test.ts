import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { type Db, fromPglite, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from "./client";
import { applyRepeatableSql, FUNCTIONS_FOLDER, readRepeatableFiles } from "./repeatable";
import { rowsOf } from "./rows";

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function journal(): Promise<JournalEntry[]> {
  const text = await fs.readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8");
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

describe("migrations", () => {
  // Drizzle applies a migration only when its time is later than the last one a database recorded:
  // one dated earlier than its predecessor would be skipped by every database already past it.
  it("are dated in the order they run, so an upgraded database applies every new one", async () => {
    const entries = await journal();
    for (const [index, entry] of entries.entries()) {
      expect(entry.idx).toBe(index);
      if (index > 0) expect(entry.when, entry.tag).toBeGreaterThan(entries[index - 1]?.when ?? 0);
    }
  });

  it("bring a database that stopped at an earlier release up to the latest", async () => {
    const entries = await journal();
    // The migrations folder as the release before the last four shipped it.
    const earlier = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-migrations-"));
    await fs.cp(MIGRATIONS_FOLDER, earlier, { recursive: true });
    const shipped = entries.slice(0, -4);
    await fs.writeFile(
      path.join(earlier, "meta", "_journal.json"),
      JSON.stringify({ version: "7", dialect: "postgresql", entries: shipped }),
    );
    const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    try {
      await migrate(database.db as never, { migrationsFolder: earlier });
      await database.migrate();
      const applied = await database.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(rowsOf<{ count: number }>(applied)[0]?.count).toBe(entries.length);
    } finally {
      await database.close();
      await fs.rm(earlier, { recursive: true, force: true });
    }
  });
});

describe("repeatable SQL functions", () => {
  async function definitionsOf(database: { db: Db }, name: string): Promise<string[]> {
    const result = await database.db.execute(
      sql`select pg_get_functiondef(p.oid) as definition from pg_proc p where p.proname = ${name}`,
    );
    return rowsOf<{ definition: string }>(result).map((row) => row.definition);
  }

  it("each file's function exists once, as its file defines it, with the file's hash recorded", async () => {
    const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    try {
      await database.migrate();
      const files = await readRepeatableFiles();
      expect(files.map((file) => file.name)).toContain("chat_send_many");
      const recorded = rowsOf<{ name: string; hash: string }>(
        await database.db.execute(sql`select name, hash from drizzle.__repeatable_sql order by name`),
      );
      expect(recorded).toEqual(files.map(({ name, hash }) => ({ name, hash })));
      // The migrations' earlier bodies (0007 ... 0028, one with other arguments) are all gone.
      const [definition, ...others] = await definitionsOf(database, "chat_send_many");
      expect(others).toEqual([]);
      expect(definition).not.toContain("p_is_about_appended");
      // A second start finds nothing changed and applies nothing.
      expect(await applyRepeatableSql(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("a changed file is applied again on the next start, and only then", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-functions-"));
    await fs.cp(FUNCTIONS_FOLDER, folder, { recursive: true });
    const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    try {
      await database.migrate();
      const file = path.join(folder, "chat_send_many.sql");
      const text = await fs.readFile(file, "utf8");
      await fs.writeFile(file, text.replace("BEGIN\n", "BEGIN\n  -- changed in a later release\n"));
      expect(await applyRepeatableSql(database.db, folder)).toEqual(["chat_send_many"]);
      const definitions = await definitionsOf(database, "chat_send_many");
      expect(definitions).toHaveLength(1);
      expect(definitions[0]).toContain("-- changed in a later release");
      expect(await applyRepeatableSql(database.db, folder)).toEqual([]);
    } finally {
      await database.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
