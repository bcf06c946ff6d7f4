import type { Notification } from "@shared/api/chats";

/** One row of the list: a chat's unread (or read) notifications together, or a single one. */
export interface NotificationGroup {
  key: string;
  /** Newest first. */
  notifications: Notification[];
  chatId: string | null;
  isRead: boolean;
  text: string;
  /** The newest one's time. */
  createdAt: string;
}

function groupText(notifications: Notification[], isRead: boolean): string {
  const [newest] = notifications;
  if (!newest) return "";
  if (notifications.length === 1) return newest.text;
  const from = newest.fromName ?? "Deleted user";
  const about = newest.about ? ` about ${newest.about}` : "";
  return `${notifications.length} ${isRead ? "" : "new "}messages from ${from}${about}`;
}

/**
 * Notifications of one chat become one row ('3 new messages from Kunal about Realme Buds Air 5'):
 * its unread ones together, its read ones together, each row where its newest one was. Those of no
 * chat (from the administrator) stay rows of their own. `list` is newest first.
 */
export function groupNotifications(list: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byChat = new Map<string, Notification[]>();
  for (const notification of list) {
    // A deal update (an answer, a sale, a rating prompt) is a row of its own, never 'N messages'.
    const key =
      notification.chatId && notification.type !== "deal"
        ? `${notification.chatId}:${notification.read ? "read" : "unread"}`
        : null;
    const existing = key ? byChat.get(key) : undefined;
    if (existing) {
      existing.push(notification);
      continue;
    }
    const members = [notification];
    if (key) byChat.set(key, members);
    groups.push({
      key: key ?? notification.id,
      notifications: members,
      chatId: notification.chatId,
      isRead: notification.read,
      text: "",
      createdAt: notification.createdAt,
    });
  }
  return groups.map((group) => ({ ...group, text: groupText(group.notifications, group.isRead) }));
}
