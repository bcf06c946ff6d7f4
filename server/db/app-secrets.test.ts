import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../../tests/helpers/test-database";
import { appSecretsOf, forgetAppSecrets } from "./app-secrets";
import type { Database } from "./client";
import { appSecrets } from "./schema";

describe(`secrets kept in the database (${inject("testDatabase").kind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject("testDatabase"));
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps the first value generated, reads it once per instance, and a new instance reads the kept one", async () => {
    const name = `test_key_${randomUUID().slice(0, 8)}`;
    const { db } = database;
    const first = await appSecretsOf(db, () => ({ [name]: "first" }));
    expect(first[name]).toBe("first");
    // Another instance racing with its own value gets the kept one.
    forgetAppSecrets(db);
    expect((await appSecretsOf(db, () => ({ [name]: "second" })))[name]).toBe("first");

    // Read once: the row changed behind this instance's back is not read again...
    await db.update(appSecrets).set({ value: "changed" }).where(eq(appSecrets.name, name));
    expect((await appSecretsOf(db, () => ({ [name]: "third" })))[name]).toBe("first");
    // ...until the instance starts afresh.
    forgetAppSecrets(db);
    expect((await appSecretsOf(db, () => ({ [name]: "third" })))[name]).toBe("changed");
  });

  it("keeps a set whole: names asked for together are written together", async () => {
    const a = `test_a_${randomUUID().slice(0, 8)}`;
    const b = `test_b_${randomUUID().slice(0, 8)}`;
    const kept = await appSecretsOf(database.db, () => ({ [a]: "public", [b]: "private" }));
    expect(kept).toEqual({ [a]: "public", [b]: "private" });
    const rows = await database.db.select().from(appSecrets);
    expect(rows.filter((row) => row.name === a || row.name === b)).toHaveLength(2);
  });
});
