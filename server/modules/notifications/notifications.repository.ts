import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chats, notifications, users } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Which of a user's unread notifications to mark read: some, those of one chat, or all. */
export type ReadScope =
  | { ids: string[] }
  | { chatId: string }
  | { all: true }
  /** One student's request to join one recruitment post: the recruiter's notice of it. */
  | { teamRequest: { postId: string; fromUserId: string } };

/** The trigger notifications_queue_push in docs/database.md also queues the push. */
export async function insertNotification(
  db: Db,
  values: NewNotification,
): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

/**
 * A user's newest notifications, at most 200, each with its sender's name and what its chat is
 * about (the item's name or the recruitment post's purpose).
 */
export async function findNotificationsOf(
  db: Db,
  userId: string,
): Promise<{ notification: NotificationRow; fromName: string | null; about: string | null }[]> {
  return db
    .select({
      notification: notifications,
      fromName: users.name,
      about: sql<string | null>`case when ${chats.kind} = 'recruitment'
        then coalesce(${chats.recruitmentPurpose}, ${chats.itemName}) else ${chats.itemName} end`,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromUserId))
    .leftJoin(chats, eq(chats.id, notifications.chatId))
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
        : "teamRequest" in scope
          ? and(
              eq(notifications.type, "team_request"),
              eq(notifications.recruitmentPostId, scope.teamRequest.postId),
              eq(notifications.fromUserId, scope.teamRequest.fromUserId),
            )
          : undefined;
  const changed = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), condition))
    .returning({ id: notifications.id });
  return changed.map((row) => row.id);
}

/** The sender's name and what the notification's chat is about, as the list shows them. */
export async function findNotificationContext(
  db: Db,
  row: Pick<NotificationRow, "fromUserId" | "chatId">,
): Promise<{ fromName: string | null; about: string | null }> {
  const [fromUser] = row.fromUserId
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.fromUserId)).limit(1)
    : [];
  const [chat] = row.chatId
    ? await db
        .select({
          about: sql<string | null>`case when ${chats.kind} = 'recruitment'
            then coalesce(${chats.recruitmentPurpose}, ${chats.itemName}) else ${chats.itemName} end`,
        })
        .from(chats)
        .where(eq(chats.id, row.chatId))
        .limit(1)
    : [];
  return { fromName: fromUser?.name ?? null, about: chat?.about ?? null };
}

export async function unreadCounts(
  db: Db,
  userId: string,
): Promise<{ unread: number; unreadMessages: number }> {
  const [row] = await db
    .select({
      unread: sql<number>`count(*)::int`,
      unreadMessages: sql<number>`(count(*) filter (where ${notifications.type} = 'message'))::int`,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row ?? { unread: 0, unreadMessages: 0 };
}
