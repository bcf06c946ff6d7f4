import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { fromPglite, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from "./client";
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
