import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type UserRow, users } from "../../db/schema";

/** What a user changes on their own account: the settings, and the profile's bio and photo. */
export type AccountSettings = Pick<
  typeof users.$inferInsert,
  | "name"
  | "bio"
  | "profilePhoto"
  | "holidayActive"
  | "holidayFrom"
  | "holidayTo"
  | "holidayActivatedAt"
  | "holidayDeactivatedAt"
>;

/** Saves some of a user's settings or profile; undefined when the account is gone. */
export async function updateSettings(
  db: Db,
  userId: string,
  values: Partial<AccountSettings>,
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
