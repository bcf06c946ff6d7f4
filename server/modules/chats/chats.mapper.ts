import type { ChatSummary, Message, Notification, UnreadCounts } from "@shared/api/chats";
import type { LiveEvent } from "@shared/live-events";
import type { PendingEvent } from "../../realtime/live-events";
import { chatAbilities } from "./chats.policy";
import type { ChatRow, MessageRow, NotificationRow } from "./chats.repository";

/** The chat tab rule: Recruitment for recruitment chats, Selling for the item's seller, else Buying. */
export function tabOf(chat: Pick<ChatRow, "kind" | "sellerId">, viewerId: string): ChatSummary["tab"] {
  if (chat.kind === "recruitment") return "recruitment";
  return chat.sellerId === viewerId ? "selling" : "buying";
}

/** A chat as one of its members sees it in the list; `row` comes from the member's own chats. */
export function toChatSummary(
  row: { chat: ChatRow; counterpartId: string | null; counterpartName: string | null },
  viewerId: string,
): ChatSummary {
  const { chat } = row;
  // The row is one of the viewer's own chats, so the viewer is a member (the other may be gone).
  const members = row.counterpartId ? [viewerId, row.counterpartId] : [viewerId];
  return {
    id: chat.id,
    kind: chat.kind,
    tab: tabOf(chat, viewerId),
    counterpart: { id: row.counterpartId ?? "", name: row.counterpartName ?? "Deleted user" },
    itemId: chat.itemId,
    itemName: chat.itemName,
    recruitmentPurpose: chat.recruitmentPurpose,
    lastMessage: chat.lastMessage,
    lastSenderId: chat.lastSenderId,
    updatedAt: chat.updatedAt.toISOString(),
    abilities: chatAbilities({ id: viewerId }, members, chat),
  };
}

export function toMessageDto(message: MessageRow): Message {
  return {
    id: message.id,
    chatId: message.chatId,
    senderId: message.senderId,
    clientId: message.clientId,
    type: message.type,
    text: message.text,
    offerPrice: message.offerPrice,
    createdAt: message.createdAt.toISOString(),
  };
}

export function toNotificationDto(notification: NotificationRow): Notification {
  return {
    id: notification.id,
    type: notification.type,
    text: notification.text,
    chatId: notification.chatId,
    itemId: notification.itemId,
    recruitmentPostId: notification.recruitmentPostId,
    fromUserId: notification.fromUserId,
    offerPrice: notification.offerPrice,
    read: notification.isRead,
    createdAt: notification.createdAt.toISOString(),
  };
}

/** What one stored send wrote, as rows: the message, the other member's notification and badges. */
export interface StoredSend {
  message: MessageRow;
  members: string[];
  notification: NotificationRow | null;
  /** The notified member's badges, counting the new notification. */
  counts: UnreadCounts;
}

/**
 * The live events of a stored send, in the order each member gets them: both members the message
 * and the chat's new place in their list; the other member also the notification and the badges.
 */
export function toSendEvents(send: StoredSend): PendingEvent[] {
  const message = toMessageDto(send.message);
  const created: LiveEvent = { type: "message.created", data: { message } };
  const updated: LiveEvent = { type: "chat.updated", data: { chatId: message.chatId } };
  const events: PendingEvent[] = send.members.flatMap((userId) => [
    { userId, event: created },
    { userId, event: updated },
  ]);
  const { notification } = send;
  if (notification) {
    events.push(
      {
        userId: notification.userId,
        event: { type: "notification.created", data: { notification: toNotificationDto(notification) } },
      },
      { userId: notification.userId, event: { type: "counts", data: send.counts } },
    );
  }
  return events;
}
