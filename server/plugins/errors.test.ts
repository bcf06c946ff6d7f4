import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../tests/factories/users";
import { post } from "../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { describeQueryError, printableError, serializeError, sqlFingerprint } from "../lib/loggable-error";
import { loggerOptions } from "./logging";

/** Every line the app logged, as written (after redaction and masking). */
const lines: string[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp(
    {},
    { logger: { ...loggerOptions("info"), stream: { write: (line: string) => void lines.push(line) } } },
  );
});
afterAll(() => testApp.close());

describe("a query that fails during a request", () => {
  it("answers 500 and logs the statement and SQLSTATE, not the values it carried", async () => {
    const student = await createStudent(testApp, { name: "Log Trap" });
    // Any change to this account now fails in the database, as a broken migration or disk would.
    const constraint = `log_trap_${randomBytes(4).toString("hex")}`;
    await testApp.database.db.execute(
      sql`alter table users add constraint ${sql.identifier(constraint)} check (name <> 'Log Trap') not valid`,
    );
    try {
      const newPassword = `Trap#${randomBytes(6).toString("hex")}9`;
      const response = await post(
        testApp,
        "/api/me/password",
        { currentPassword: student.password, newPassword, confirmPassword: newPassword },
        { cookie: student.cookie },
      );
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe("internal");

      const log = lines.join("");
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "request failed");
      expect(failure?.err).toMatchObject({
        query: expect.stringMatching(/^update users #[0-9a-f]{12}$/),
        code: "23514",
        constraint,
        table: "users",
      });
      // The update's parameters: the new password's argon2 hash, the account's id, the time.
      expect(log).not.toContain("$argon2");
      expect(log).not.toContain(student.id);
      expect(log).not.toMatch(/params|Failed query/i);
      expect(log).not.toContain(newPassword);
    } finally {
      await testApp.database.db.execute(sql`alter table users drop constraint ${sql.identifier(constraint)}`);
    }
  });
});

describe("describeQueryError", () => {
  const dialect = new PgDialect();
  /** The error drizzle throws for a failed query: its message lists the parameters. */
  async function failedQuery(): Promise<unknown> {
    try {
      await testApp.database.db.execute(
        sql`select ${"secret-token-hash-123"}::uuid as id, ${"priya@example.in"} as email`,
      );
    } catch (error) {
      return error;
    }
    throw new Error("the query did not fail");
  }

  it("keeps the statement's kind, a fingerprint of its SQL and the SQLSTATE; drops every value", async () => {
    const error = await failedQuery();
    const text = dialect.sqlToQuery(sql`select ${"x"}::uuid as id, ${"y"} as email`).sql;
    for (const output of [
      JSON.stringify(describeQueryError(error)),
      JSON.stringify(serializeError(error)),
      printableError(error),
      // A wrapper of the failure (a job that rethrows with a cause) is reduced as well.
      JSON.stringify(serializeError(new Error("outbox pass failed", { cause: error }))),
    ]) {
      expect(output).not.toContain("secret-token-hash-123");
      expect(output).not.toContain("priya@example.in");
      expect(output).not.toMatch(/params/);
      expect(output).toContain(`select #${sqlFingerprint(text)}`);
      expect(output).toContain("22P02");
    }
  });

  it("leaves an error that involves no query to the usual serializer", () => {
    const serialized = serializeError(new TypeError("not a query")) as { type: string; message: string };
    expect(serialized).toMatchObject({ type: "TypeError", message: "not a query" });
    expect(describeQueryError(new Error("plain"))).toBeUndefined();
  });
});
