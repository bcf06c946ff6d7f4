/**
 * Many signed-in users, fast, written straight to the database a benchmark's server will use:
 * signing 2,000 users up through the API would spend minutes in argon2, so every user shares one
 * password hash (computed once) and gets a session row whose cookie the load generator sends.
 *
 *   const users = await withServerDatabase({ dataDir, databaseUrl }, async (db) => {
 *     const users = await createUsers(db, 2_000);
 *     await createItemChats(db, pairUp(users));
 *     return users;
 *   });
 *   // then start the server on the same DATA_DIR / DATABASE_URL; users[i].cookie signs in.
 *
 * Rows are what the server itself would write (signup, POST /api/chats), so the server cannot
 * tell them apart: a user can also sign in with BENCH_PASSWORD through the API.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "../../server/db/client";
import { chatMembers, chats, items, sessions, users } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/passwords";
import { hashToken, newToken } from "../../server/lib/tokens";
import { SESSION_COOKIE } from "../../server/plugins/auth";

/** The password of every bench user. */
export const BENCH_PASSWORD = "Bench#Bazaar9";
const SESSION_DAYS = 30;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

export interface BenchUser {
  id: string;
  name: string;
  email: string;
  /** The Cookie header value of a signed-in session, e.g. `cb_session=...`. */
  cookie: string;
}

export interface CreateUsersOptions {
  /** Tells populations in one database apart: e-mails are `<label>-<n>@bench.example.in`. */
  label?: string;
  city?: string;
  college?: string;
  /** Default true, as after e-mail verification. */
  emailVerified?: boolean;
}

/**
 * Opens the database a server would open for these settings (PGlite under dataDir, or the
 * PostgreSQL server), migrates it, runs `work` and closes it again: the embedded database
 * allows one process at a time, so call this before starting the server. Afterwards the
 * planner's statistics of the tables a population fills are brought up to date (ANALYZE), as
 * autovacuum keeps them on a running server: a table filled just now and never analysed looks
 * nearly empty to the planner. The tables a benchmark run fills (messages, notifications, live
 * events) are left to the planner's estimate from their size, which follows their growth. (This
 * project's test machines run PostgreSQL with autovacuum off, so nothing else would analyse them.)
 */
export async function withServerDatabase<T>(
  target: { dataDir: string; databaseUrl?: string },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const result = await work(database.db);
    await database.db.execute(sql`analyze ${users}, ${sessions}, ${items}, ${chats}, ${chatMembers}`);
    return result;
  } finally {
    await database.close();
  }
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** Creates `count` students, each with a session valid for 30 days. */
export async function createUsers(
  db: Db,
  count: number,
  options: CreateUsersOptions = {},
): Promise<BenchUser[]> {
  const label = options.label ?? "bench";
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const created: BenchUser[] = [];
  const rows = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    name: `Bench Student ${n + 1}`,
    email: `${label}-${n + 1}@bench.example.in`,
    city: options.city ?? "Mumbai",
    college: options.college ?? "IIT Bombay",
    mobile: "9876543210",
    passwordHash,
    emailVerified: options.emailVerified ?? true,
  }));
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await inBatches(rows, async (batch) => {
    await db.insert(users).values(batch);
    const tokens = batch.map(() => newToken());
    await db.insert(sessions).values(
      batch.map((user, i) => ({
        id: hashToken(tokens[i] ?? ""),
        userId: user.id,
        userAgent: "bench",
        expiresAt,
      })),
    );
    batch.forEach((user, i) => {
      created.push({
        id: user.id,
        name: user.name,
        email: user.email,
        cookie: `${SESSION_COOKIE}=${tokens[i]}`,
      });
    });
  });
  return created;
}

export interface ItemChat {
  chatId: string;
  itemId: string;
  buyer: BenchUser;
  seller: BenchUser;
}

/** [buyer, seller] pairs: the first half of the users buys from the second half, one to one. */
export function pairUp(list: BenchUser[]): [BenchUser, BenchUser][] {
  const half = Math.floor(list.length / 2);
  return list.slice(0, half).map((buyer, i) => [buyer, list[half + i] as BenchUser]);
}

/**
 * For each [buyer, seller] pair: an item the seller lists and the buyer's conversation about it,
 * with both members, as POST /api/chats would make it (same id shape, no messages yet).
 */
export async function createItemChats(db: Db, pairs: [BenchUser, BenchUser][]): Promise<ItemChat[]> {
  const chatsMade = pairs.map(([buyer, seller]) => {
    const itemId = randomUUID();
    return { chatId: `${buyer.id}_${seller.id}_${itemId}`, itemId, buyer, seller };
  });
  await inBatches(chatsMade, async (batch) => {
    await db.insert(items).values(
      batch.map(({ itemId, seller }) => ({
        id: itemId,
        sellerId: seller.id,
        productName: "Casio fx-991EX calculator",
        productImage: "https://images.example.in/calculator.jpg",
        type: "Calculator",
        price: 650,
        category: "gadgets" as const,
        condition: "like new" as const,
      })),
    );
    await db.insert(chats).values(
      batch.map(({ chatId, itemId, seller }) => ({
        id: chatId,
        kind: "item" as const,
        itemId,
        itemName: "Casio fx-991EX calculator",
        sellerId: seller.id,
      })),
    );
    await db.insert(chatMembers).values(
      batch.flatMap(({ chatId, buyer, seller }) => [
        { chatId, userId: buyer.id },
        { chatId, userId: seller.id },
      ]),
    );
  });
  return chatsMade;
}
