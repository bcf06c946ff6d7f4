import { and, count, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationSettings, notifications, pushSubscriptions, users } from "../../db/schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/**
 * Stores a device's subscription for this session. An endpoint the same student already stored
 * moves to this session; one of another student's is left alone: false then.
 */
export async function upsertOwnSubscription(
  db: Db,
  values: Pick<PushSubscriptionRow, "userId" | "sessionId" | "endpoint" | "p256dh" | "auth">,
): Promise<boolean> {
  const stored = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth },
      where: eq(pushSubscriptions.userId, values.userId),
    })
    .returning({ id: pushSubscriptions.id });
  return stored.length > 0;
}

/** Holds the student's row until the transaction ends, so two devices stored at once are counted in turn. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Removes the student's subscriptions beyond the `keep` stored last. */
export async function deleteOldestSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes the user's own subscription with this endpoint; whether there was one. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function hasSessionSubscription(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

export async function findSettings(db: Db, userId: string): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Db,
  userId: string,
  changes: Partial<Omit<NotificationSettingsRow, "userId">>,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: changes });
}

/** A notification with its sender's name, as a push describes it. */
export async function findNotificationForPush(db: Db, id: string) {
  const [row] = await db
    .select({ notification: notifications, fromName: users.name })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromUserId))
    .where(eq(notifications.id, id));
  return row;
}
