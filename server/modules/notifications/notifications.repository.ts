import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Which of a user's unread notifications to mark read: some, those of one chat, or all. */
export type ReadScope = { ids: string[] } | { chatId: string } | { all: true };

export async function insertNotification(
  db: Db,
  values: NewNotification,
): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

/** A user's newest notifications, at most 200. */
export async function findNotificationsOf(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(200);
}

/** Marks the user's own unread notifications in scope read; returns the ids that changed. */
export async function markNotificationsRead(db: Db, userId: string, scope: ReadScope): Promise<string[]> {
  const condition =
    "ids" in scope
      ? inArray(notifications.id, scope.ids)
      : "chatId" in scope
        ? eq(notifications.chatId, scope.chatId)
        : undefined;
  const changed = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), condition))
    .returning({ id: notifications.id });
  return changed.map((row) => row.id);
}
