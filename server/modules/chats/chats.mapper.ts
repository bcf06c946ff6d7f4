import {
  CHAT_MESSAGES,
  type ChatDelivered,
  type ChatItem,
  type ChatRead,
  type ChatSummary,
  type Message,
  type OfferState,
  type UnreadCounts,
} from "@shared/api/chats";
import type { LiveEvent } from "@shared/live-events";
import { PRIVACY_MESSAGES } from "@shared/trust-constants";
import type { PendingEvent } from "../../realtime/live-events";
import { isListingExpired, reservedFor } from "../deals/deals.policy";
import { toNotificationDto } from "../notifications/notifications.service";
import { heldPhotoCheck, isScamWarned } from "../trust/scam-guard.service";
import { type ChatDeal, chatAbilities } from "./chats.policy";
import type { ChatRow, MessageRow, NotificationRow } from "./chats.repository";

/** The chat tab rule: Recruitment for recruitment chats, Selling for the item's seller, else Buying. */
export function tabOf(chat: Pick<ChatRow, "kind" | "sellerId">, viewerId: string): ChatSummary["tab"] {
  if (chat.kind === "recruitment") return "recruitment";
  return chat.sellerId === viewerId ? "selling" : "buying";
}

/** A chat row of one member's list: the chat, the other member, the item and the unread count. */
export interface MemberChatRow {
  chat: ChatRow;
  counterpartId: string | null;
  counterpartName: string | null;
  counterpartPhoto: string | null;
  itemImage: string | null;
  itemPrice: number | null;
  itemIsSold: boolean | null;
  itemIsActive: boolean | null;
  unreadCount: number;
  /** The viewer blocked the other member. */
  isCounterpartBlocked: boolean;
  /** The other member blocked the viewer. */
  isBlockedByCounterpart: boolean;
  /** The deal's facts (offers, reservation, sale, whether the viewer rated it). */
  itemIsNegotiable?: boolean | null;
  itemReservedForId?: string | null;
  itemReservedUntil?: Date | null;
  /** The accepted offer's price while reserved. */
  itemReservedPrice?: number | null;
  itemBuyerId?: string | null;
  itemSoldAt?: Date | null;
  itemExpiredAt?: Date | null;
  itemExpiresAt?: Date | null;
  hasRated?: boolean;
}

/** The chat's buyer: the member who is not the item's seller. */
function buyerOf(row: MemberChatRow, viewerId: string): string | null {
  return row.chat.sellerId === viewerId ? row.counterpartId : viewerId;
}

function itemOf(row: MemberChatRow, viewerId: string): ChatItem | null {
  if (row.chat.kind !== "item" || row.itemImage === null || row.itemPrice === null) return null;
  const holder = row.itemIsActive
    ? reservedFor({
        reservedForId: row.itemReservedForId ?? null,
        reservedUntil: row.itemReservedUntil ?? null,
      })
    : null;
  const isExpired = isListingExpired({
    isSold: row.itemIsSold ?? false,
    expiredAt: row.itemExpiredAt ?? null,
    expiresAt: row.itemExpiresAt ?? null,
  });
  const status = row.itemIsSold
    ? "sold"
    : isExpired
      ? "expired"
      : !row.itemIsActive
        ? "removed"
        : holder
          ? "reserved"
          : "available";
  const buyer = buyerOf(row, viewerId);
  const dealWith = row.itemIsSold ? (row.itemBuyerId ?? null) : holder;
  const isDealWithThisChat = dealWith !== null && dealWith === buyer;
  return {
    photoUrl: row.itemImage,
    price: row.itemPrice,
    status,
    isDealWithThisChat,
    // Only the two sides of the deal see its price in the header.
    dealPrice: status === "reserved" && isDealWithThisChat ? (row.itemReservedPrice ?? null) : null,
  };
}

/** A chat as one of its members sees it in the list; `row` comes from the member's own chats. */
export function toChatSummary(row: MemberChatRow, viewerId: string): ChatSummary {
  const { chat } = row;
  // The row is one of the viewer's own chats, so the viewer is a member (the other may be gone).
  const members = row.counterpartId ? [viewerId, row.counterpartId] : [viewerId];
  return {
    id: chat.id,
    kind: chat.kind,
    tab: tabOf(chat, viewerId),
    counterpart: {
      id: row.counterpartId ?? "",
      name: row.counterpartName ?? "Deleted user",
      photoUrl: row.counterpartPhoto,
    },
    itemId: chat.itemId,
    itemName: chat.itemName,
    item: itemOf(row, viewerId),
    unreadCount: row.unreadCount,
    recruitmentPurpose: chat.recruitmentPurpose,
    lastMessage: chat.lastMessage,
    lastSenderId: chat.lastSenderId,
    updatedAt: chat.updatedAt.toISOString(),
    isCounterpartBlocked: row.isCounterpartBlocked,
    abilities: chatAbilities(
      { id: viewerId },
      members,
      chat,
      dealOf(row, viewerId),
      row.isCounterpartBlocked || row.isBlockedByCounterpart,
    ),
  };
}

function dealOf(row: MemberChatRow, viewerId: string): ChatDeal | null {
  if (row.chat.kind !== "item" || row.itemIsActive === null || !row.chat.sellerId) return null;
  return {
    item: {
      sellerId: row.chat.sellerId,
      isActive: row.itemIsActive,
      isSold: row.itemIsSold ?? false,
      isNegotiable: row.itemIsNegotiable ?? true,
      reservedForId: row.itemReservedForId ?? null,
      reservedUntil: row.itemReservedUntil ?? null,
      expiredAt: row.itemExpiredAt ?? null,
      expiresAt: row.itemExpiresAt ?? null,
    },
    buyerId: buyerOf(row, viewerId),
    soldToId: row.itemBuyerId ?? null,
    soldAt: row.itemSoldAt ?? null,
    hasRated: row.hasRated ?? false,
  };
}

const PREVIEW_LENGTH = 120;

/**
 * A message as its chat's latest message in the list (and in a message's notification): 'Photo'
 * for a photo, never a shared number, a long text cut short. The one rule for every message kind.
 */
export function previewOf(message: Pick<MessageRow, "type" | "text">): string {
  if (message.type === "photo") return CHAT_MESSAGES.photoNotice;
  if (message.type === "number") return PRIVACY_MESSAGES.sharedNumberNotice;
  const { text } = message;
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/** Where a chat's photo is served, to its members only. */
export function chatPhotoUrl(chatId: string, photoKey: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}/photos/${photoKey}`;
}

/** An offer's state as its bubble shows it: a pending offer past its time is 'Expired'. */
export function toOfferState(
  offer: { status: OfferState["status"]; isCounter: boolean; expiresAt: Date },
  now = new Date(),
): OfferState {
  const status = offer.status === "pending" && offer.expiresAt <= now ? "expired" : offer.status;
  return { status, isCounter: offer.isCounter, expiresAt: offer.expiresAt.toISOString() };
}

/**
 * A message as one member sees it, an offer's state with it. The scam guard's warning is for the
 * recipient only: the sender is never told that their message was flagged (so the rules cannot be
 * probed from the sending side).
 */
export function toMessageDto(
  message: MessageRow,
  viewerId: string,
  offer?: { status: OfferState["status"]; isCounter: boolean; expiresAt: Date } | null,
  flag?: FlagPlace,
): Message {
  const { photoKey, photoWidth, photoHeight, scamKind } = message;
  const isRecipient = message.senderId !== viewerId;
  return {
    id: message.id,
    chatId: message.chatId,
    senderId: message.senderId,
    clientId: message.clientId,
    type: message.type,
    text: message.text,
    offerPrice: message.offerPrice,
    photo:
      photoKey && photoWidth && photoHeight
        ? { url: chatPhotoUrl(message.chatId, photoKey), width: photoWidth, height: photoHeight }
        : null,
    scamWarning: isRecipient && isScamWarned(message.scamSignals),
    photoCheck: isRecipient ? heldPhotoCheck(message.scamSignals) : null,
    scamFlag:
      isRecipient && scamKind
        ? { kind: scamKind, isFirstOfKind: flag?.isFirstOfKind ?? true, count: flag?.count ?? 1 }
        : null,
    flagNotice: !isRecipient && scamKind !== null && flag?.count === 1,
    ...(offer ? { offer: toOfferState(offer) } : {}),
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * Where a flagged message stands among its sender's flagged messages in the chat: the first of its
 * kind, and how many so far counting it. The thread reads it from the stored kinds
 * (chats.repository scamFlagsOf), a send from the kinds its statement read before the insert.
 */
export interface FlagPlace {
  isFirstOfKind: boolean;
  count: number;
}

/** A new flagged message's place after its sender's earlier flagged messages' kinds (oldest first). */
export function flagPlaceAfter(earlierKinds: readonly string[], kind: string | null): FlagPlace | undefined {
  if (!kind) return undefined;
  return { isFirstOfKind: !earlierKinds.includes(kind), count: earlierKinds.length + 1 };
}

/** What one stored send wrote, as rows: the message, the other member's notification and badges. */
export interface StoredSend {
  message: MessageRow;
  members: string[];
  notification: NotificationRow | null;
  /** The sender's name and what the chat is about, as the notification list shows them. */
  notificationContext: { fromName: string | null; about: string | null };
  /** The notified member's badges, counting the new notification. */
  counts: UnreadCounts;
  /** An offer's state, when the message is an offer: both members' frames carry it. */
  offer?: { status: OfferState["status"]; isCounter: boolean; expiresAt: Date };
  /** The kinds of the sender's flagged messages in the chat before this one, oldest first. */
  earlierScamKinds?: string[];
}

/**
 * The live events of a stored send, in the order each member gets them: both members the message
 * (as each sees it: only the recipient's copy carries the scam warning) and the chat's new place in
 * their list; the other member also the notification and the badges.
 */
export function toSendEvents(send: StoredSend): PendingEvent[] {
  const updated: LiveEvent = { type: "chat.updated", data: { chatId: send.message.chatId } };
  const events: PendingEvent[] = send.members.flatMap((userId) => [
    {
      userId,
      event: {
        type: "message.created",
        data: { message: toMessageDto(send.message, userId, send.offer, flagPlaceOf(send)) },
      },
    },
    { userId, event: updated },
  ]);
  const { notification } = send;
  if (notification) {
    events.push(
      {
        userId: notification.userId,
        event: {
          type: "notification.created",
          data: { notification: toNotificationDto(notification, send.notificationContext) },
        },
      },
      { userId: notification.userId, event: { type: "counts", data: send.counts } },
    );
  }
  return events;
}

/** A stored send's place among its sender's flagged messages (none for an ordinary message). */
export function flagPlaceOf(send: Pick<StoredSend, "message" | "earlierScamKinds">): FlagPlace | undefined {
  return flagPlaceAfter(send.earlierScamKinds ?? [], send.message.scamKind);
}

/** An offer's new state, as both members' open threads show it without fetching them again. */
export function toOfferEvents(
  offer: { id: string; chatId: string; status: OfferState["status"]; isCounter: boolean; expiresAt: Date },
  members: readonly string[],
): PendingEvent[] {
  const event: LiveEvent = {
    type: "offer.updated",
    data: { chatId: offer.chatId, messageId: offer.id, offer: toOfferState(offer) },
  };
  return members.map((userId) => ({ userId, event }));
}

/** A member's device received the chat: both members' tabs learn it (the other's ticks turn double). */
export function toDeliveredEvents(delivered: ChatDelivered, members: readonly string[]): PendingEvent[] {
  return members.map((userId) => ({ userId, event: { type: "chat.delivered", data: delivered } }));
}

/** A member read the chat: both members' tabs learn it (the other's ticks turn 'Seen'). */
export function toReadEvents(read: ChatRead, members: readonly string[]): PendingEvent[] {
  return members.map((userId) => ({ userId, event: { type: "chat.read", data: read } }));
}
