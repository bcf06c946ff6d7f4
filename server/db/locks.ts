import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";

/**
 * Locks a user's row until the transaction ends, so that a cap on what they own (listings, saved
 * searches, pending team requests) is counted one write at a time, even for parallel requests.
 */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
