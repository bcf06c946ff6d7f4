import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { insertItem } from "../../tests/factories/items";
import { createStudent } from "../../tests/factories/users";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { items, sessions } from "../db/schema";
import { createDiskStorage, type Storage } from "../plugins/storage";
import { runHousekeeping } from "./housekeeping";

let testApp: TestApp;
/** The app's own file storage: DATA_DIR/files. */
let storage: Storage;
beforeAll(async () => {
  testApp = await createTestApp({}, { startWorkers: false });
  storage = createDiskStorage(path.join(testApp.config.dataDir, "files"));
});
afterAll(() => testApp.close());

/** The planner's row count of a table, as the last VACUUM or ANALYZE left it (-1: never counted). */
async function plannerRowCount(table: string): Promise<number> {
  const result = await testApp.database.db.execute(
    sql`select reltuples::int as n from pg_class where relname = ${table}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
}

describe("housekeeping", () => {
  it("removes expired sessions and keeps live ones", async () => {
    const student = await createStudent(testApp);
    await testApp.database.db.insert(sessions).values({
      id: "expired-session-for-housekeeping",
      userId: student.id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    await runHousekeeping(testApp.database, storage);
    const left = await testApp.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, student.id));
    expect(left.map((row) => row.id)).not.toContain("expired-session-for-housekeeping");
    expect(left).toHaveLength(1);
  });

  // PGlite has no autovacuum: housekeeping is what keeps the planner's statistics current.
  it.runIf(inject("testDatabase").kind === "embedded")(
    "on the embedded database, brings the planner's row counts up to date (VACUUM ANALYZE)",
    async () => {
      const seller = await createStudent(testApp);
      for (let i = 0; i < 40; i++) await insertItem(testApp, seller.id, { productName: `Lamp ${i}` });
      await testApp.database.db.delete(items).where(sql`${items.productName} like 'Lamp 3%'`);
      const [count] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(items);
      expect(count?.n).toBe(29);
      expect(await plannerRowCount("items")).not.toBe(29);
      await runHousekeeping(testApp.database, storage);
      expect(await plannerRowCount("items")).toBe(29);
    },
  );
});
