import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../../tests/helpers/test-database";
import type { Database } from "./client";
import { preparedSql } from "./prepared-sql";
import { rateLimits } from "./schema";
import { transactionInTwoRoundTrips } from "./two-round-trips";

const counted = preparedSql<{ key: string; count: number }>(
  "two_round_trips_test_count",
  sql`insert into ${rateLimits} (key, window_start, count) values (${sql.placeholder("key")}, now(), 1)
    returning key, count`,
);
const divided = preparedSql<{ quotient: number }>(
  "two_round_trips_test_divide",
  sql`select (${sql.placeholder("dividend")}::int / ${sql.placeholder("divisor")}::int) as quotient`,
);

describe(`a transaction of two statements (${inject("testDatabase").kind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject("testDatabase"));
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The database's error message, whether drizzle wrapped it (PGlite) or not (node-postgres). */
  async function failureOf(work: Promise<unknown>): Promise<string> {
    const error = await work.then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { cause?: Error },
    );
    return error ? (error.cause ?? error).message : "no failure";
  }

  async function isStored(key: string): Promise<boolean> {
    const rows = await database.db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    return rows.length > 0;
  }

  it("builds the second statement from the first's rows and keeps both", async () => {
    const key = randomUUID();
    const result = await transactionInTwoRoundTrips(
      database.db,
      { statement: counted, values: { key } },
      (rows) => ({
        statement: divided,
        values: { dividend: (rows[0]?.count ?? 0) * 10, divisor: 2 },
      }),
    );
    expect(result.first).toEqual([{ key, count: 1 }]);
    expect(result.second).toEqual([{ quotient: 5 }]);
    expect(await isStored(key)).toBe(true);
  });

  it("a failing second statement undoes the first, and the connection serves the next caller", async () => {
    const key = randomUUID();
    const failure = await failureOf(
      transactionInTwoRoundTrips(database.db, { statement: counted, values: { key } }, () => ({
        statement: divided,
        values: { dividend: 1, divisor: 0 },
      })),
    );
    expect(failure).toMatch(/division by zero/);
    expect(await isStored(key)).toBe(false);
    const next = randomUUID();
    await transactionInTwoRoundTrips(
      database.db,
      { statement: counted, values: { key: next } },
      () => undefined,
    );
    expect(await isStored(next)).toBe(true);
  });

  it("a failing first statement writes nothing and runs no second", async () => {
    const key = randomUUID();
    await database.db.insert(rateLimits).values({ key, windowStart: new Date(), count: 5 });
    let isSecondBuilt = false;
    const failure = await failureOf(
      transactionInTwoRoundTrips(database.db, { statement: counted, values: { key } }, () => {
        isSecondBuilt = true;
        return undefined;
      }),
    );
    expect(failure).toMatch(/duplicate key/);
    expect(isSecondBuilt).toBe(false);
  });

  it("an error while building the second statement undoes the first", async () => {
    const key = randomUUID();
    await expect(
      transactionInTwoRoundTrips(database.db, { statement: counted, values: { key } }, () => {
        throw new Error("mapper failed");
      }),
    ).rejects.toThrow("mapper failed");
    expect(await isStored(key)).toBe(false);
  });
});
