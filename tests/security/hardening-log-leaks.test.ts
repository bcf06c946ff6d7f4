import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../../server/plugins/logging";
import { post } from "../helpers/api";
import { createTestApp } from "../helpers/test-app";
import { createWorld } from "./world";

/** A failed query leaves no values in the log. */

describe("failed queries leave no values in the log", () => {
  it("logs neither a password hash nor a ticket's words when the query carrying them fails", async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      { logger: { ...loggerOptions("debug"), stream: { write: (line: string) => void lines.push(line) } } },
    );
    const traps: string[] = [];
    try {
      const loggedWorld = await createWorld(logged);
      // Setting up logs ids in URLs (a chat's id names its members); only the failures are read.
      lines.length = 0;
      const marker = `TRAP-${randomBytes(6).toString("hex")}`;
      const trap = async (table: string, check: string) => {
        const name = `trap_${randomBytes(4).toString("hex")}`;
        traps.push(`${table}:${name}`);
        await logged.database.db.execute(
          sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(name)} check (${sql.raw(check)}) not valid`,
        );
      };
      // Any change to the owner's account and any ticket with the marker fail in the database.
      await trap("users", `id <> '${loggedWorld.owner.id}'`);
      await trap("support_tickets", `description not like '%TRAP-%'`);

      const newPassword = `Trap#${randomBytes(6).toString("hex")}7`;
      const changed = await post(
        logged,
        "/api/me/password",
        { currentPassword: loggedWorld.owner.password, newPassword, confirmPassword: newPassword },
        { cookie: loggedWorld.owner.cookie },
      );
      const ticket = await post(
        logged,
        "/api/tickets",
        { purpose: "Account Issues", description: `My card ${marker} was charged twice` },
        { cookie: loggedWorld.other.cookie },
      );
      expect([changed.statusCode, ticket.statusCode]).toEqual([500, 500]);

      const log = lines.join("");
      const failures = lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.msg === "request failed");
      expect(failures.map((entry) => entry.err.code)).toEqual(["23514", "23514"]);
      for (const value of ["$argon2", newPassword, marker, loggedWorld.owner.id, loggedWorld.other.id]) {
        expect(log, value).not.toContain(value);
      }
      expect(log).not.toMatch(/Failed query|params:/);
    } finally {
      for (const entry of traps) {
        const [table, name] = entry.split(":") as [string, string];
        await logged.database.db.execute(
          sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(name)}`,
        );
      }
      await logged.close();
    }
  });
});
