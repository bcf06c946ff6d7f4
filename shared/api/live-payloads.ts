import * as z from "zod/mini";
import { MESSAGE_TYPES, NOTIFICATION_TYPES } from "../chats-constants";
import { OFFER_STATUSES } from "../deals-constants";
import { SCAM_KINDS } from "../scam-kinds";
import { PHOTO_CHECKS, type PhotoCheck } from "../trust-constants";

/*
 * What the live socket's events carry (shared/live-events.ts) and the chat and notification API
 * answers with as well: a message, a notification, the unread counts. They are written with zod's
 * functional build (zod/mini), which a bundler can trim to what these schemas use: a signed-in page
 * parses every live frame with them from its first moment, and the validator it downloads for that
 * is a third of full zod's. Schemas built with full zod can hold them like any other schema.
 */

/**
 * A price offer's state, as its bubble shows it to both members; 'Expired' once past expiresAt.
 * The API's messages carry it, and so do live frames: an offer's message.created, and
 * offer.updated when it is answered, countered, withdrawn, replaced, closed or expires, so an open
 * thread shows the new state without fetching the thread again.
 */
export const OfferStateSchema = z.object({
  status: z.enum(OFFER_STATUSES),
  /** The seller's counter-offer: the buyer answers it. */
  isCounter: z.boolean(),
  expiresAt: z.string(),
});
export type OfferState = z.infer<typeof OfferStateSchema>;

/** The photo checks that blur a photo for its recipient: every one but "clean". */
const BLURRED_PHOTO_CHECKS = PHOTO_CHECKS.filter(
  (check): check is Exclude<PhotoCheck, "clean"> => check !== "clean",
);

export const MessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  clientId: z.string(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  offerPrice: z.nullable(z.int()),
  /** A photo message's picture, served to the chat's members only; ?variant=bubble for the thumbnail. */
  photo: z.nullable(z.object({ url: z.string(), width: z.int(), height: z.int() })),
  /**
   * The scam guard flagged this message (it asks for money outside a handover or for payment
   * details, or its photo holds a QR code): the viewer is its recipient and is warned under it.
   * Always false on one's own messages.
   */
  scamWarning: z.boolean(),
  /**
   * A photo the recipient sees blurred until they choose to show it: 'flagged' (it holds a QR code)
   * or 'unchecked' (the scam guard could not finish reading it). Always null on one's own messages.
   */
  photoCheck: z.nullable(z.enum(BLURRED_PHOTO_CHECKS)),
  /**
   * On the recipient's copy of a flagged message: its kind (whose words explain it), whether it is
   * the first of that kind from its sender in the chat (the words show under it; later ones get a
   * 'Flagged' chip), and how many flagged messages the sender has sent in the chat up to it (a
   * banner from the second). Null on ordinary messages and on one's own.
   */
  scamFlag: z.optional(
    z.nullable(z.object({ kind: z.enum(SCAM_KINDS), isFirstOfKind: z.boolean(), count: z.int() })),
  ),
  /**
   * On the sender's own copy of their first flagged message in the chat: they are told, once, that
   * such messages are flagged to the other person (not which rule, nor on later messages).
   */
  flagNotice: z.optional(z.boolean()),
  /** An offer message's state; absent or null for other messages. */
  offer: z.optional(z.nullable(OfferStateSchema)),
  createdAt: z.string(),
});
/** A message; an offer message's state comes with it, from the API and in live frames. */
export type Message = z.infer<typeof MessageSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  chatId: z.nullable(z.string()),
  itemId: z.nullable(z.string()),
  recruitmentPostId: z.nullable(z.string()),
  fromUserId: z.nullable(z.string()),
  offerPrice: z.nullable(z.int()),
  /** The page it opens when not just its chat (the rating prompt: '/messages?chatId=...&rate=1'). */
  link: z.nullable(z.string()),
  /** The sender's name and what the chat is about, for grouped rows ('3 new messages from Kunal about ...'). */
  fromName: z.nullable(z.string()),
  about: z.nullable(z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A member read the chat up to readAt (their own tabs and the other member learn it live). */
export const ChatReadSchema = z.object({ chatId: z.string(), userId: z.string(), readAt: z.string() });
export type ChatRead = z.infer<typeof ChatReadSchema>;

/** A member's device received the chat up to deliveredAt: the other's messages up to then show two ticks. */
export const ChatDeliveredSchema = z.object({
  chatId: z.string(),
  userId: z.string(),
  deliveredAt: z.string(),
});
export type ChatDelivered = z.infer<typeof ChatDeliveredSchema>;

/** The two badges: all unread notifications, and unread ones of type message. */
export const UnreadCountsSchema = z.object({ unread: z.int(), unreadMessages: z.int() });
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;
