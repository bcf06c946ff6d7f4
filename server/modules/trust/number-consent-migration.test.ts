import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NUMBER_NOW_SHARED_NOTICE } from "@shared/trust-constants";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminQuery } from "../../../tests/helpers/test-database";
import {
  type Database,
  fromPglite,
  fromPostgres,
  MIGRATIONS_FOLDER,
  PGLITE_EXTENSIONS,
} from "../../db/client";
import { rowsOf } from "../../db/rows";

// Migration 0033 (issue 36), on the database the run targets: a database that stopped before it,
// with accounts on each old choice, is migrated; each account on 'People I'm chatting with' moves
// to 'shared' and is told once; ticks given under the old limit come off.

const TAG = "0033_number_shared_by_consent";
const target = inject("testDatabase");
let database: Database;
let drop: () => Promise<void>;
let before: string;

/** An empty database of the run's kind, and how to remove it. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (target.kind === "postgres") {
    const name = `campus_bazaar_migration_${randomBytes(6).toString("hex")}`;
    await adminQuery(target.url, `create database ${name}`);
    const url = new URL(target.url);
    url.pathname = `/${name}`;
    const opened = fromPostgres(url.toString(), 2);
    return {
      database: opened,
      drop: async () => {
        await opened.close();
        await adminQuery(target.url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const opened = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  return { database: opened, drop: () => opened.close() };
}

/** The migrations folder as it was before 0033. */
async function folderBefore(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-before-0033-"));
  await fs.cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === TAG);
  expect(index).toBeGreaterThan(0);
  await fs.writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(statement));

interface Account {
  id: string;
  email: string;
}

async function account(
  email: string,
  visibility: string,
  options: { role?: "student" | "admin"; isDeleted?: boolean } = {},
): Promise<Account> {
  const [row] = await query<{ id: string }>(sql`insert into users (name, email, password_hash, mobile,
      mobile_visibility, role, deleted_at)
    values (${email}, ${email}, 'x', '9876543210', ${visibility}, ${options.role ?? "student"},
      ${options.isDeleted ? sql`now()` : sql`null`})
    returning id`);
  const id = row?.id ?? "";
  await database.db.execute(sql`insert into items (seller_id, product_name, product_image, type, price,
      category, condition, show_mobile_number)
    values (${id}, ${`Lamp of ${email}`}, 'https://images.example.in/lamp.jpg', 'Lamp', 300, 'other', 'used', true)`);
  return { id, email };
}

beforeAll(async () => {
  ({ database, drop } = await emptyDatabase());
  before = await folderBefore();
  const migrate = database.kind === "postgres" ? migratePg : migratePglite;
  await migrate(database.db as never, { migrationsFolder: before });
});
afterAll(async () => {
  await drop?.();
  if (before) await fs.rm(before, { recursive: true, force: true });
});

describe("migration 0033: a number shared by consent only", () => {
  it("moves 'chatting' and 'nobody' to 'shared' and tells each student on 'chatting' exactly once", async () => {
    const chatting = await account("chatting@example.in", "chatting");
    const secondChatting = await account("chatting2@example.in", "chatting");
    const nobody = await account("nobody@example.in", "nobody");
    const all = await account("all@example.in", "all");
    const deleted = await account("deleted@example.in", "chatting", { isDeleted: true });
    const admin = await account("admin@example.in", "chatting", { role: "admin" });

    await database.migrate();
    // Run again, as every start does: the applied migration is not applied twice.
    await database.migrate();

    const accounts = [chatting, secondChatting, nobody, all, deleted, admin];
    const visibilities = await query<{ email: string; mobile_visibility: string }>(
      sql`select email, mobile_visibility from users order by email`,
    );
    expect(Object.fromEntries(visibilities.map((row) => [row.email, row.mobile_visibility]))).toEqual({
      "admin@example.in": "shared",
      "all@example.in": "all",
      "chatting2@example.in": "shared",
      "chatting@example.in": "shared",
      "deleted@example.in": "shared",
      "nobody@example.in": "shared",
    });

    const notes = await query<{
      user_id: string;
      type: string;
      text: string;
      link: string;
      is_read: boolean;
    }>(sql`select user_id, type, text, link, is_read from notifications`);
    const told = (who: Account) => notes.filter((note) => note.user_id === who.id);
    for (const who of [chatting, secondChatting]) {
      expect(told(who), who.email).toEqual([
        { user_id: who.id, type: "admin", text: NUMBER_NOW_SHARED_NOTICE, link: "/settings", is_read: false },
      ]);
    }
    // The text, word for word as the issue gives it.
    expect(NUMBER_NOW_SHARED_NOTICE).toBe(
      "Your mobile number is now shared only when you choose 'Share my number' in a chat. Change this in Settings > Privacy.",
    );
    for (const who of [nobody, all, deleted, admin]) expect(told(who), who.email).toEqual([]);
    expect(notes).toHaveLength(2);

    // A tick given while the number was kept from most students comes off; 'All students' keeps it.
    const ticks = await query<{ seller_id: string; show_mobile_number: boolean }>(
      sql`select seller_id, show_mobile_number from items`,
    );
    const tickOf = (who: Account) => ticks.find((row) => row.seller_id === who.id)?.show_mobile_number;
    for (const who of accounts) expect(tickOf(who), who.email).toBe(who === all);
  });

  it("makes 'shared' the default and refuses the old choices", async () => {
    const [fresh] = await query<{
      mobile_visibility: string;
    }>(sql`insert into users (name, email, password_hash)
      values ('New', 'new@example.in', 'x') returning mobile_visibility`);
    expect(fresh?.mobile_visibility).toBe("shared");
    for (const old of ["chatting", "nobody"]) {
      await expect(
        database.db.execute(sql`update users set mobile_visibility = ${old} where email = 'new@example.in'`),
      ).rejects.toThrow();
    }
  });
});
