import type { UnreadCounts } from "@shared/api/chats";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { toNotificationDto } from "./notifications.mapper";
import * as repo from "./notifications.repository";

export type { NewNotification } from "./notifications.repository";
export { toNotificationDto };

/** Adds a notification inside the caller's transaction, with the events that update the badges. */
export async function addNotification(
  tx: Db,
  emit: (event: PendingEvent) => void,
  values: repo.NewNotification,
): Promise<void> {
  const row = await repo.insertNotification(tx, values);
  if (!row) return;
  const context = await repo.findNotificationContext(tx, row);
  emit({
    userId: row.userId,
    event: { type: "notification.created", data: { notification: toNotificationDto(row, context) } },
  });
  emit({ userId: row.userId, event: { type: "counts", data: await repo.unreadCounts(tx, row.userId) } });
}

export async function listNotifications(ctx: AppContext, user: UserRow) {
  return (await repo.findNotificationsOf(ctx.db, user.id)).map((row) =>
    toNotificationDto(row.notification, { fromName: row.fromName, about: row.about }),
  );
}

export function countUnread(ctx: AppContext, user: UserRow): Promise<UnreadCounts> {
  return repo.unreadCounts(ctx.db, user.id);
}

/**
 * Marks the user's unread notifications of a scope read inside the caller's transaction, with the
 * events that update their list and badges (an answered join request leaves the unread count).
 */
export async function markReadWithin(
  tx: Db,
  emit: (event: PendingEvent) => void,
  userId: string,
  scope: repo.ReadScope,
): Promise<void> {
  const ids = await repo.markNotificationsRead(tx, userId, scope);
  if (ids.length === 0) return;
  emit({ userId, event: { type: "notification.read", data: { ids } } });
  emit({ userId, event: { type: "counts", data: await repo.unreadCounts(tx, userId) } });
}

/** Marks the user's own unread notifications read: some, those of one chat, or all. */
export async function markRead(ctx: AppContext, user: UserRow, scope: repo.ReadScope): Promise<void> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    const ids = await repo.markNotificationsRead(tx, user.id, scope);
    if (ids.length === 0) return;
    emit({ userId: user.id, event: { type: "notification.read", data: { ids } } });
    emit({ userId: user.id, event: { type: "counts", data: await repo.unreadCounts(tx, user.id) } });
  });
}
