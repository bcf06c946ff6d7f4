import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, fromPglite } from "./client";
import { rowsOf } from "./rows";

describe("embedded database", () => {
  let database: Database;
  beforeAll(async () => {
    database = fromPglite(await PGlite.create());
  });
  afterAll(() => database.close());

  it("lets the event loop turn between queued queries", async () => {
    let finished = 0;
    let finishedWhenTimerFired = -1;
    const queries = Array.from({ length: 20 }, () =>
      database.db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => {
        finished += 1;
      }),
    );
    setTimeout(() => {
      finishedWhenTimerFired = finished;
    }, 0);
    await Promise.all(queries);
    expect(finished).toBe(20);
    // A timer set before the queue fires while the queue is still being worked through.
    expect(finishedWhenTimerFired).toBeGreaterThanOrEqual(0);
    expect(finishedWhenTimerFired).toBeLessThan(20);
  });

  it("keeps transactions whole while queries wait their turn", async () => {
    await database.db.execute(sql`create table turns (n int)`);
    await Promise.all([
      database.db.execute(sql`insert into turns values (1)`),
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into turns values (2)`);
        await tx.execute(sql`insert into turns values (3)`);
      }),
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into turns values (4)`);
          throw new Error("rolled back");
        })
        .catch(() => {}),
      database.db.execute(sql`insert into turns values (5)`),
    ]);
    const result = await database.db.execute<{ n: number }>(sql`select n from turns order by n`);
    expect(rowsOf<{ n: number }>(result).map((row) => row.n)).toEqual([1, 2, 3, 5]);
  });
});
