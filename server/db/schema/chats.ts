import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CHAT_KINDS, MESSAGE_TYPES, NOTIFICATION_TYPES } from "../../../shared/chats-constants";
import { SCAM_KINDS } from "../../../shared/scam-kinds";
import { isOneOf } from "../one-of";
import { items } from "./items";
import { users } from "./users";

/**
 * A conversation between two people: about an item (`{buyer}_{seller}_{item}`) or a recruitment
 * post (`recruitment_{user}_{recruiter}_{post}`). The meta columns are what chat lists show.
 */
export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: CHAT_KINDS }).notNull(),
    itemId: uuid("item_id").references(() => items.id, { onDelete: "set null" }),
    /** Kept when the item is gone, so the conversation still says what it was about. */
    itemName: text("item_name").notNull().default(""),
    sellerId: uuid("seller_id").references(() => users.id, { onDelete: "set null" }),
    recruitmentPostId: uuid("recruitment_post_id"),
    recruitmentPurpose: text("recruitment_purpose"),
    lastMessage: text("last_message"),
    lastSenderId: uuid("last_sender_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("chats_item_idx").on(table.itemId)],
);

/** Who is in a chat: the per-user chat index, and the only source of membership. */
export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time when this member last opened the chat: the other's 'Seen'. */
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    /**
     * The newest message's time when this member's device last received the chat (over the live
     * socket, or by fetching the thread): the other's two grey ticks (migration 0045).
     */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.userId] }),
    index("chat_members_user_idx").on(table.userId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Chosen by the sending client: a retried send finds its first copy instead of adding one. */
    clientId: text("client_id").notNull(),
    type: text("type", { enum: MESSAGE_TYPES }).notNull(),
    text: text("text").notNull(),
    offerPrice: integer("offer_price"),
    /** A photo message's image in the private 'chats' bucket, served to the chat's members only. */
    photoKey: text("photo_key"),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    /**
     * Why the scam guard flagged the message (server/modules/trust/scam-guard.ts), empty for an ordinary one;
     * its recipient is warned under it (migration 0015).
     */
    scamSignals: text("scam_signals").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The kind of warning the signals call for (trust/scam-guard.service scamKindOf), null when the
     * guard did not flag the message (migration 0041, decision 051).
     */
    scamKind: text("scam_kind", { enum: SCAM_KINDS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("messages_sender_client_unique").on(table.senderId, table.clientId),
    index("messages_chat_created_idx").on(table.chatId, table.createdAt),
    index("messages_photo_key_idx").on(table.photoKey).where(sql`${table.photoKey} is not null`),
    check("messages_offer_positive", sql`${table.offerPrice} is null or ${table.offerPrice} > 0`),
    check("messages_scam_kind_known", isOneOf(table.scamKind, SCAM_KINDS)),
    index("messages_chat_scam_kind_idx")
      .on(table.chatId, table.senderId, table.createdAt)
      .where(sql`${table.scamKind} is not null`),
  ],
);

/**
 * The person wrote in the chat themselves: a text, photo, offer or shared number of theirs. The
 * app's lines about a deal ('This item is now reserved.', 'This item has been sold.', type
 * 'system') carry the seller as sender so the thread can place them, but they are nobody's words:
 * they never count as the seller having chatted, replied or taken part. No client can send one.
 */
export function hasWrittenInChat(chatId: SQLWrapper, userId: SQLWrapper | string): SQL {
  return sql`exists (select 1 from ${messages} written where written.chat_id = ${chatId}
    and written.sender_id = ${userId} and written.type <> 'system')`;
}

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    text: text("text").notNull(),
    chatId: text("chat_id").references(() => chats.id, { onDelete: "set null" }),
    itemId: uuid("item_id"),
    recruitmentPostId: uuid("recruitment_post_id"),
    fromUserId: uuid("from_user_id").references(() => users.id, { onDelete: "set null" }),
    offerPrice: integer("offer_price"),
    /** The page it opens when not just its chat (the rating prompt: the chat with its rating dialog). */
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("notifications_user_unread_idx").on(table.userId, table.type).where(sql`not ${table.isRead}`),
  ],
);

/**
 * Every live event for a user, numbered per user without gaps. The counter row is locked by the
 * writing transaction, so a higher number never commits before a lower one: a client that says
 * "I have everything up to n" can always be given exactly what follows.
 */
export const liveCursors = pgTable("live_cursors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seq: bigint("seq", { mode: "number" }).notNull().default(0),
});

export const liveEvents = pgTable(
  "live_events",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.seq] }),
    index("live_events_created_idx").on(table.createdAt),
  ],
);
