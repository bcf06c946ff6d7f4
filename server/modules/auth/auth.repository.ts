import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { colleges, emailTokens, sessions, type UserRow, users } from "../../db/schema";

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

/**
 * The directory's own spelling of a college of this city, given as the sign-up form sends it: the
 * form strips < > " ' & as typed (the spec), so "St. Xavier's College" arrives without its
 * apostrophe and is matched the same way. Undefined when the city has no such college.
 */
export async function findListedCollege(
  db: Db,
  city: string,
  college: string,
  strip: (value: string) => string,
): Promise<string | undefined> {
  const rows = await db.select({ name: colleges.name }).from(colleges).where(eq(colleges.city, city));
  return (
    rows.find((row) => row.name === college)?.name ?? rows.find((row) => strip(row.name) === college)?.name
  );
}

export async function insertEmailToken(
  db: Db,
  values: { tokenHash: string; userId: string; purpose: "verify" | "reset"; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** The token with this hash and purpose, while it is unused and unexpired. */
function usableToken(tokenHash: string, purpose: "verify" | "reset") {
  return and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );
}

/** The user id of an unused, unexpired token; undefined when there is none. Changes nothing. */
export async function findUsableEmailToken(
  db: Db,
  tokenHash: string,
  purpose: "verify" | "reset",
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(usableToken(tokenHash, purpose))
    .limit(1);
  return row?.userId;
}

/** Marks an unused, unexpired token used and returns its user id; undefined when there is none. */
export async function consumeEmailToken(
  db: Db,
  tokenHash: string,
  purpose: "verify" | "reset",
): Promise<string | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(usableToken(tokenHash, purpose))
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Notes a successful sign-in; returns the account as it now is. */
export async function recordLogin(db: Db, userId: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ lastLogin: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Sets a new password hash; returns the account, or undefined when it is gone. */
export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** The unused password reset links of a user stop working. */
export async function expireResetLinks(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "reset"), isNull(emailTokens.usedAt)));
}

/** Every administrator but the one at this address becomes a student; returns their ids. */
export async function demoteOtherAdmins(db: Db, email: string): Promise<string[]> {
  const demoted = await db
    .update(users)
    .set({ role: "student" })
    .where(and(eq(users.role, "admin"), ne(users.email, email)))
    .returning({ id: users.id });
  return demoted.map((row) => row.id);
}

/** Makes an account the administrator (undeleting it), with a new password hash when given. */
export async function makeAdmin(db: Db, userId: string, passwordHash?: string): Promise<void> {
  await db
    .update(users)
    .set({
      role: "admin",
      deletedAt: null,
      ...(passwordHash ? { passwordHash, updatedAt: new Date() } : {}),
    })
    .where(eq(users.id, userId));
}

export async function deleteSessionsOfUsers(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(sessions).where(inArray(sessions.userId, userIds));
}
