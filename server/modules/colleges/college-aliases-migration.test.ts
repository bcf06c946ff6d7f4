import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { expect, it } from "vitest";
import { fromPglite, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from "../../db/client";
import { rowsOf } from "../../db/rows";

it("migration 0037 gives a directory seeded before it the well-known short names", async () => {
  const text = await fs.readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8");
  const entries = (JSON.parse(text) as { entries: { tag: string }[] }).entries;
  const before = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-0037-"));
  await fs.cp(MIGRATIONS_FOLDER, before, { recursive: true });
  await fs.writeFile(
    path.join(before, "meta", "_journal.json"),
    JSON.stringify({
      version: "7",
      dialect: "postgresql",
      entries: entries.slice(
        0,
        entries.findIndex((entry) => entry.tag === "0037_college_aliases"),
      ),
    }),
  );
  const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  try {
    await migrate(database.db as never, { migrationsFolder: before });
    await database.db.execute(
      sql`insert into colleges (city, name) values ('Mumbai', 'IIT Bombay'), ('Tiruchirappalli', 'NIT Tiruchirappalli'), ('Pune', 'Fergusson College')`,
    );
    await database.migrate();
    const rows = rowsOf<{ name: string; alias: string }>(
      await database.db.execute(
        sql`select c.name, a.alias from college_aliases a join colleges c on c.id = a.college_id order by c.name, a.alias`,
      ),
    );
    expect(rows).toEqual([
      { name: "IIT Bombay", alias: "IIT Mumbai" },
      { name: "IIT Bombay", alias: "IIT-B" },
      { name: "IIT Bombay", alias: "IITB" },
      { name: "NIT Tiruchirappalli", alias: "NIT Trichy" },
      { name: "NIT Tiruchirappalli", alias: "NITT" },
    ]);
  } finally {
    await database.close();
    await fs.rm(before, { recursive: true, force: true });
  }
});
