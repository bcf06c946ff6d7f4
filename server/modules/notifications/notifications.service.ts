import type { UnreadCounts } from "@shared/api/chats";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notifications, type UserRow } from "../../db/schema";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { toNotificationDto } from "../chats/chats.mapper";
import { unreadCounts } from "../chats/chats.repository";

export type NewNotification = typeof notifications.$inferInsert;

/** Adds a notification inside the caller's transaction, with the events that update the badges. */
export async function addNotification(
  tx: Db,
  emit: (event: PendingEvent) => void,
  values: NewNotification,
): Promise<void> {
  const [row] = await tx.insert(notifications).values(values).returning();
  if (!row) return;
  emit({
    userId: row.userId,
    event: { type: "notification.created", data: { notification: toNotificationDto(row) } },
  });
  emit({ userId: row.userId, event: { type: "counts", data: await unreadCounts(tx, row.userId) } });
}

export async function listNotifications(ctx: AppContext, user: UserRow) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(200);
  return rows.map(toNotificationDto);
}

export function countUnread(ctx: AppContext, user: UserRow): Promise<UnreadCounts> {
  return unreadCounts(ctx.db, user.id);
}

/** Marks the user's own unread notifications read: some, those of one chat, or all. */
export async function markRead(
  ctx: AppContext,
  user: UserRow,
  scope: { ids: string[] } | { chatId: string } | { all: true },
): Promise<void> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    const condition =
      "ids" in scope
        ? inArray(notifications.id, scope.ids)
        : "chatId" in scope
          ? eq(notifications.chatId, scope.chatId)
          : undefined;
    const changed = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, user.id), eq(notifications.isRead, false), condition))
      .returning({ id: notifications.id });
    if (changed.length === 0) return;
    emit({
      userId: user.id,
      event: { type: "notification.read", data: { ids: changed.map((row) => row.id) } },
    });
    emit({ userId: user.id, event: { type: "counts", data: await unreadCounts(tx, user.id) } });
  });
}
