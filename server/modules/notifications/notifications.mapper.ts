import type { Notification } from "@shared/api/chats";
import type { NotificationRow } from "./notifications.repository";

/**
 * A notification, with the sender's name and what its chat is about (for grouped rows).
 */
export function toNotificationDto(
  notification: NotificationRow,
  context: { fromName: string | null; about: string | null } = { fromName: null, about: null },
): Notification {
  return {
    id: notification.id,
    type: notification.type,
    text: notification.text,
    chatId: notification.chatId,
    itemId: notification.itemId,
    recruitmentPostId: notification.recruitmentPostId,
    fromUserId: notification.fromUserId,
    offerPrice: notification.offerPrice,
    link: notification.link,
    fromName: context.fromName,
    about: context.about,
    read: notification.isRead,
    createdAt: notification.createdAt.toISOString(),
  };
}
