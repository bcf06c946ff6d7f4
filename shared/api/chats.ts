import { z } from "zod";
import { CHAT_KINDS, CHAT_MESSAGES, MESSAGE_MAX_LENGTH } from "../chats-constants";
import { OfferStatusSchema } from "./deals";

// The payloads live events carry too, in zod/mini (see there).
export {
  type ChatDelivered,
  ChatDeliveredSchema,
  type ChatRead,
  ChatReadSchema,
  type Message,
  type Notification,
  NotificationSchema,
  type OfferState,
  type UnreadCounts,
  UnreadCountsSchema,
} from "./live-payloads";

import { MessageSchema as LiveMessageSchema, NotificationSchema } from "./live-payloads";
import { multiLine, typedText } from "./text-rules";

// Re-exported for the server; the browser imports them from ../chats-constants, without zod.
export {
  CHAT_MESSAGES,
  MESSAGE_MAX_LENGTH,
  THREAD_PAGE_SIZE,
} from "../chats-constants";

/** A conversation's id in a path (/chats/:chatId/...). */
export const ChatParamsSchema = z.object({
  chatId: z
    .string()
    .regex(/^[\w-]+$/, "Conversation not found.")
    .max(200),
});

/** A price offer's state, as its bubble shows it; 'Expired' once past expiresAt. */
export const OfferStateSchema = z.object({
  status: OfferStatusSchema,
  /** The seller's counter-offer: the buyer answers it. */
  isCounter: z.boolean(),
  expiresAt: z.string(),
});

/** A message as the API answers it: the live payload, with an offer message's state. */
export const MessageSchema = z.object({
  ...LiveMessageSchema.shape,
  /** An offer message's state; absent or null for other messages. */
  offer: OfferStateSchema.nullable().optional(),
});

export const ChatTabSchema = z.enum(["buying", "selling", "recruitment"]);
export type ChatTab = z.infer<typeof ChatTabSchema>;

/** What the viewer may do in a chat, from the server's chat policy. */
export const ChatAbilitiesSchema = z.object({
  /** The two members, unless either has blocked the other ('You can't reply to this conversation.'). */
  canSend: z.boolean(),
  /**
   * The buyer, in a chat about an item that is negotiable, not sold, and not reserved for another
   * buyer (recruitment chats have no price offers). The server refuses offers otherwise.
   */
  canOffer: z.boolean(),
  /** Either side of a sale to this chat's buyer, within 14 days, not rated yet: 'Rate {name}'. */
  canRate: z.boolean(),
});
export type ChatAbilities = z.infer<typeof ChatAbilitiesSchema>;

/** What an item chat is about, as the thread's header shows it; null once the item is gone. */
export const ChatItemSchema = z.object({
  /** The item's own image URL (/api/files/images/...). */
  photoUrl: z.string(),
  price: z.number().int(),
  /** 'reserved': an accepted offer holds it for one buyer (the chat header's 'Reserved' badge). */
  status: z.enum(["available", "reserved", "sold", "expired", "removed"]),
  /** Whether the reservation or the sale is to this chat's buyer. */
  isDealWithThisChat: z.boolean(),
  /**
   * The accepted offer's price while the item is reserved for this chat's buyer: the header's
   * 'Reserved for you at ₹650' (buyer) or 'Reserved for Pooja at ₹650' (seller); else null.
   */
  dealPrice: z.number().int().nullable(),
});
export type ChatItem = z.infer<typeof ChatItemSchema>;

/** One entry of the chat list, as the signed-in member sees it. */
export const ChatSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** Selling when the viewer is the item's seller, Buying otherwise, Recruitment for recruitment chats. */
  tab: ChatTabSchema,
  counterpart: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
  itemId: z.string().nullable(),
  itemName: z.string(),
  item: ChatItemSchema.nullable(),
  /**
   * The viewer's unread message notifications of this chat; the Messages badge (unread
   * notifications of type message) is the sum over the list.
   */
  unreadCount: z.number().int(),
  recruitmentPurpose: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastSenderId: z.string().nullable(),
  updatedAt: z.string(),
  /** Whether the viewer has blocked the other member (the thread's menu then offers 'Unblock'). */
  isCounterpartBlocked: z.boolean(),
  abilities: ChatAbilitiesSchema,
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

export const OpenItemChatBodySchema = z.object({
  /** The seller. */
  userId: z.uuid(CHAT_MESSAGES.startFailed),
  itemId: z.uuid(CHAT_MESSAGES.startFailed),
});

export const ChatResponseSchema = z.object({ chat: ChatSummarySchema });
export const ChatListResponseSchema = z.object({ chats: z.array(ChatSummarySchema) });
export const ThreadResponseSchema = z.object({
  chat: ChatSummarySchema,
  messages: z.array(MessageSchema),
  /** Up to when the other member has read the chat: my messages up to then are 'Seen'. */
  counterpartReadAt: z.string().nullable(),
  /**
   * Up to when the other member's device has received the chat: my messages up to then show two
   * ticks ('Delivered'), until they are seen.
   */
  counterpartDeliveredAt: z.string().nullable(),
  /**
   * The viewer's first conversation with this person (no earlier chat between the two): the
   * thread opens with the safety card.
   */
  isNewContact: z.boolean(),
});
export type ThreadResponse = z.infer<typeof ThreadResponseSchema>;

/** A send; the client makes clientId once per message and reuses it when it retries. */
export const SendMessageBodySchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    clientId: z.string().min(8).max(64),
    text: typedText()
      .refine((value) => value.trim().length > 0, CHAT_MESSAGES.emptyText)
      .refine((value) => value.length <= MESSAGE_MAX_LENGTH, `At most ${MESSAGE_MAX_LENGTH} characters.`)
      .refine(...multiLine("A message")),
  }),
  z.object({
    type: z.literal("offer"),
    clientId: z.string().min(8).max(64),
    offerPrice: z
      .number(CHAT_MESSAGES.badOffer)
      .int(CHAT_MESSAGES.badOffer)
      .min(1, CHAT_MESSAGES.badOffer)
      .max(10_000_000, CHAT_MESSAGES.badOffer),
  }),
  z.object({
    type: z.literal("photo"),
    clientId: z.string().min(8).max(64),
    /** The key of the photo the sender uploaded with POST /api/uploads/chat-photo. */
    photoId: z
      .string(CHAT_MESSAGES.badPhoto)
      .regex(/^[\w.-]+$/, CHAT_MESSAGES.badPhoto)
      .max(200, CHAT_MESSAGES.badPhoto),
  }),
  z.object({
    type: z.literal("number"),
    clientId: z.string().min(8).max(64),
  }),
]);
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const MessageResponseSchema = z.object({ message: MessageSchema });

export const NotificationListResponseSchema = z.object({ notifications: z.array(NotificationSchema) });

/** The seller's counter-offer to a pending offer. */
export const CounterOfferBodySchema = z.object({
  clientId: z.string().min(8).max(64),
  offerPrice: z
    .number(CHAT_MESSAGES.badOffer)
    .int(CHAT_MESSAGES.badOffer)
    .min(1, CHAT_MESSAGES.badOffer)
    .max(10_000_000, CHAT_MESSAGES.badOffer),
});
export type CounterOfferBody = z.infer<typeof CounterOfferBodySchema>;

export const OfferActionSchema = z.enum(["accept", "decline", "withdraw"]);
export type OfferAction = z.infer<typeof OfferActionSchema>;

export const OfferResponseSchema = z.object({ message: MessageSchema });
