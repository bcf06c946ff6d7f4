import { and, desc, eq, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { batched } from "../../db/batched";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared-sql";
import {
  chatMembers,
  chats,
  items,
  messages,
  notifications,
  offers,
  ratings,
  uploads,
  userBlocks,
  users,
} from "../../db/schema";
import { transactionInTwoRoundTrips } from "../../db/two-round-trips";
import { type AttemptCount, countEachAttemptCtes } from "../../plugins/rate-limit";
import type { AttemptLimit } from "../../plugins/rate-limit-rules";
import { type LiveEventsAppend, prepareLiveEvents, type StoredFrame } from "../../realtime/live-events";
import { type MemberChatRow, type StoredSend, toSendEvents } from "./chats.mapper";

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

const counterpartMember = alias(chatMembers, "counterpart_member");
const counterpart = alias(users, "counterpart");

/**
 * The chats a user belongs to, most recently updated first: the other member (with their photo and
 * how far they have read), the item the chat is about, and the user's unread message notifications
 * of each chat (counted on the partial index of unread notifications).
 */
export async function listChatsOf(
  db: Db,
  userId: string,
  chatId?: string,
): Promise<(MemberChatRow & { counterpartReadAt: Date | null })[]> {
  return db
    .select({
      chat: chats,
      counterpartId: counterpart.id,
      counterpartName: counterpart.name,
      counterpartPhoto: counterpart.profilePhoto,
      counterpartReadAt: counterpartMember.lastReadAt,
      itemImage: items.productImage,
      itemPrice: items.price,
      itemIsSold: items.isSold,
      itemIsActive: items.isActive,
      itemIsNegotiable: items.isNegotiable,
      itemReservedForId: items.reservedForId,
      itemReservedUntil: items.reservedUntil,
      itemBuyerId: items.buyerId,
      itemSoldAt: items.soldAt,
      itemExpiredAt: items.expiredAt,
      itemExpiresAt: items.expiresAt,
      hasRated: sql<boolean>`exists (select 1 from ${ratings} where ${ratings.itemId} = ${chats.itemId}
        and ${ratings.raterId} = ${userId})`,
      unreadCount: sql<number>`(select count(*) from ${notifications}
        where ${notifications.userId} = ${userId} and not ${notifications.isRead}
          and ${notifications.type} = 'message' and ${notifications.chatId} = ${chats.id})::int`,
      isCounterpartBlocked: sql<boolean>`exists (select 1 from ${userBlocks} b
        where b.blocker_id = ${userId} and b.blocked_id = ${counterpart.id})`,
      isBlockedByCounterpart: sql<boolean>`exists (select 1 from ${userBlocks} b
        where b.blocker_id = ${counterpart.id} and b.blocked_id = ${userId})`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .leftJoin(
      counterpartMember,
      and(eq(counterpartMember.chatId, chats.id), ne(counterpartMember.userId, userId)),
    )
    .leftJoin(counterpart, eq(counterpart.id, counterpartMember.userId))
    .leftJoin(items, eq(items.id, chats.itemId))
    .where(and(eq(chatMembers.userId, userId), chatId ? eq(chats.id, chatId) : undefined))
    .orderBy(desc(chats.updatedAt), desc(chats.id));
}

/**
 * The member has read the chat up to its newest message (messages of one chat commit in the order
 * of their times, so none older can still appear). Returns the new time, or null when nothing
 * changed (already read up to there, or the chat has no message yet).
 */
export async function markChatReadUpTo(db: Db, chatId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .update(chatMembers)
    .set({
      lastReadAt: sql`(select max(${messages.createdAt}) from ${messages} where ${messages.chatId} = ${chatId})`,
    })
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.userId, userId),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chatId}
          and (${chatMembers.lastReadAt} is null or ${messages.createdAt} > ${chatMembers.lastReadAt}))`,
      ),
    )
    .returning({ lastReadAt: chatMembers.lastReadAt });
  return row?.lastReadAt ?? null;
}

/**
 * True when the two people had a conversation before this one (an earlier chat with both as
 * members): only a chat with someone new opens with the safety card.
 */
export async function hasEarlierChatBetween(
  db: Db,
  chatId: string,
  userId: string,
  otherId: string,
): Promise<boolean> {
  const mine = alias(chatMembers, "mine");
  const theirs = alias(chatMembers, "theirs");
  const current = alias(chats, "current_chat");
  const [row] = await db
    .select({ id: chats.id })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.chatId, mine.chatId), eq(theirs.userId, otherId)))
    .innerJoin(chats, eq(chats.id, mine.chatId))
    .innerJoin(current, eq(current.id, chatId))
    .where(
      and(
        eq(mine.userId, userId),
        sql`(${chats.createdAt}, ${chats.id}) < (${current.createdAt}, ${current.id})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when a message of the chat shows this photo: only then do the chat's members see it. */
export async function isPhotoOfChat(db: Db, chatId: string, photoKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.photoKey, photoKey), eq(messages.chatId, chatId)))
    .limit(1);
  return row !== undefined;
}

/** A photo the user uploaded for a chat, with its size; undefined when it is not theirs or gone. */
export async function findOwnChatPhoto(db: Db, ownerId: string, key: string) {
  const [row] = await db
    .select({ width: uploads.width, height: uploads.height, qrCheck: uploads.qrCheck })
    .from(uploads)
    .where(and(eq(uploads.bucket, "chats"), eq(uploads.key, key), eq(uploads.ownerId, ownerId)))
    .limit(1);
  return row;
}

/**
 * True when the sender is a member of the chat and the other member has blocked them or been
 * blocked by them: such a send is refused ('You can't message this user.').
 */
export async function isSendBlocked(db: Db, chatId: string, senderId: string): Promise<boolean> {
  const [row] = await db
    .select({ blocked: sql<boolean>`${isSendBlockedSql(sql`${chatId}`, sql`${senderId}`)}` })
    .from(sql`(values (1)) as one (x)`);
  return row?.blocked === true;
}

/** isSendBlocked in SQL, for a chat id and a sender id given as SQL (columns or values). */
function isSendBlockedSql(chatId: SQL, senderId: SQL): SQL {
  return sql`exists (
    select 1 from ${chatMembers} me
    join ${chatMembers} them on them.chat_id = me.chat_id and them.user_id <> me.user_id
    join ${userBlocks} b on (b.blocker_id = me.user_id and b.blocked_id = them.user_id)
      or (b.blocker_id = them.user_id and b.blocked_id = me.user_id)
    where me.chat_id = ${chatId} and me.user_id = ${senderId}
  )`;
}

/** A chat with its members' ids, in one query. */
export async function findChatWithMembers(
  db: Db,
  chatId: string,
): Promise<{ chat: ChatRow; members: string[] } | undefined> {
  const [row] = await db
    .select({
      chat: chats,
      members: sql<
        string[]
      >`array(select ${chatMembers.userId}::text from ${chatMembers} where ${chatMembers.chatId} = ${chats.id})`,
    })
    .from(chats)
    .where(eq(chats.id, chatId))
    .limit(1);
  return row;
}

/**
 * Opens a chat between two members unless it exists; true when this call created it. Both rows go
 * in one transaction, so a chat never lacks a member.
 */
export async function openChat(
  db: Db,
  chat: Omit<typeof chats.$inferInsert, "createdAt" | "updatedAt">,
  memberIds: [string, string],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const created = await tx.insert(chats).values(chat).onConflictDoNothing().returning({ id: chats.id });
    await tx
      .insert(chatMembers)
      .values(memberIds.map((userId) => ({ chatId: chat.id, userId })))
      .onConflictDoNothing();
    return created.length > 0;
  });
}

export type NewMessage = Pick<
  typeof messages.$inferInsert,
  | "chatId"
  | "senderId"
  | "clientId"
  | "type"
  | "text"
  | "offerPrice"
  | "photoKey"
  | "photoWidth"
  | "photoHeight"
  | "scamSignals"
>;

/** The notification a send gives the other member. */
export interface SendNotice {
  type: NotificationRow["type"];
  /** The notification's text; for an offer, what comes before the name of what the chat is about. */
  text: string;
  /** Ends the text with what the chat is about (the item's name or the recruitment purpose). */
  isAboutAppended: boolean;
  /** The sender's name, as the notification list names them. */
  fromName: string;
}

/** A send limit (the named rule chatSend): at most rule.limit sends per window under one key. */
export type SendLimit = AttemptLimit;

export type SendOutcome =
  /** Past the send limit: nothing was written. */
  | { kind: "rate-limited"; attempts: AttemptCount; limit: SendLimit }
  /** The sender and the other member had a block between them: nothing was written or counted. */
  | { kind: "blocked" }
  | { kind: "chat-not-found" }
  | { kind: "not-member" }
  /** (sender, clientId) was already stored: nothing was added. */
  | { kind: "duplicate" }
  /** `frames`: each member's new events as the live socket sends them, in order. */
  | { kind: "stored"; message: MessageRow; members: string[]; frames: Map<string, StoredFrame[]> };

interface SendInput {
  message: NewMessage;
  lastMessage: string;
  notice: SendNotice;
  limit?: SendLimit;
}

const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;

/** The arguments of chat_send_many (migration 0028), in its order, taken from the allowed sends. */
const sendArguments = [
  "chat_id",
  "sender_id",
  "client_id",
  "type",
  "text",
  "offer_price",
  "last_message",
  "notice_type",
  "notice_text",
  "is_about_appended",
  "photo_key",
  "photo_width",
  "photo_height",
  "scam_signals",
].map((name) => sql`(select array_agg(${sql.raw(name)} order by k) from allowed)`);

/**
 * A batch's sends in one statement: a send between two students where one blocked the other is
 * refused first (is_blocked, not counted against its limit); each other limited send is counted
 * against its limit by the rate limiter's SQL (countEachAttemptCtes, which locks the send counters
 * first), and the sends within their limit go to chat_send_many (migration 0028), which checks for
 * a block again under the pair's lock and returns plain rows. One row per send, in the order
 * given: a refused send has is_allowed false and its attempts; an allowed one has its attempts (if
 * limited) and chat_send_many's row.
 */
const sendBatchStatement = preparedSql<SendSqlRow>(
  "chat_send_batch",
  sql`
    with input as (
      select * from unnest(${sql.join(
        [
          column("chatIds", "text"),
          column("senderIds", "uuid"),
          column("clientIds", "text"),
          column("types", "text"),
          column("texts", "text"),
          column("offerPrices", "int"),
          column("lastMessages", "text"),
          column("noticeTypes", "text"),
          column("noticeTexts", "text"),
          column("isAboutAppended", "boolean"),
          column("photoKeys", "text"),
          column("photoWidths", "int"),
          column("photoHeights", "int"),
          column("scamSignals", "text"),
          column("limitKeys", "text"),
          column("limits", "int"),
        ],
        sql`, `,
      )}) with ordinality as i(chat_id, sender_id, client_id, type, text, offer_price, last_message,
        notice_type, notice_text, is_about_appended, photo_key, photo_width, photo_height, scam_signals,
        limit_key, max_count, send)
    ), screened as (
      select i.*, ${isSendBlockedSql(sql`i.chat_id`, sql`i.sender_id`)} as is_blocked from input i
    ), ${countEachAttemptCtes(
      sql`select send as entry, limit_key as key from screened where limit_key is not null and not is_blocked`,
      sql.placeholder("windowSeconds"),
    )}, checked as (
      select s.*, a.count as attempts, a.retry_after,
        (not s.is_blocked and (a.count is null or a.count <= s.max_count)) as is_allowed
      from screened s left join attempts a on a.entry = s.send
    ), allowed as (
      select c.*, row_number() over (order by c.send) as k from checked c where c.is_allowed
    ), sent as (
      select * from chat_send_many(${sql.join(sendArguments, sql`, `)})
    )
    select c.send::int as send, c.is_blocked, c.is_allowed, c.attempts, c.retry_after,
      s.is_chat_found, s.is_member, s.members, s.message_id, s.message_created_at,
      s.notification_id, s.recipient_id, s.notification_text, s.item_id, s.recruitment_post_id,
      s.notification_created_at, s.unread, s.unread_messages, s.about
    from checked c
    left join allowed a on a.send = c.send
    left join sent s on s.send = a.k
    order by c.send
  `,
);

/** One send's row of the batch statement: its limit count, then what chat_send_many returned. */
interface SendSqlRow {
  send: number;
  /** The sender and the chat's other member had a block between them when the batch began. */
  is_blocked: boolean;
  is_allowed: boolean;
  /** The send's attempts in the window, when it has a limit. */
  attempts: number | null;
  retry_after: number | null;
  is_chat_found: boolean | null;
  is_member: boolean | null;
  members: string[] | null;
  message_id: string | null;
  message_created_at: Date | string | null;
  notification_id: string | null;
  recipient_id: string | null;
  notification_text: string | null;
  item_id: string | null;
  recruitment_post_id: string | null;
  notification_created_at: Date | string | null;
  unread: number | null;
  unread_messages: number | null;
  /** The item's name or the recruitment purpose, for the notification. */
  about: string | null;
}

/**
 * A batch of sends in one transaction of two statements, two round trips on PostgreSQL (BEGIN goes
 * with the first, COMMIT with the second): the send limits and the sends themselves
 * (sendBatchStatement), then the live events the mappers build from the rows, numbered by the
 * live events' append statement (prepareLiveEvents). The rows are locked in one order throughout: send counters, chats, live
 * counters. A refused send's attempt still counts, so a script that keeps pushing stays out.
 */
async function storeBatch(db: Db, batch: SendInput[]): Promise<SendOutcome[]> {
  // One window for all: every send is counted against the one named rule, chatSend.
  const windowSeconds = batch.find((send) => send.limit)?.limit?.rule.windowSeconds ?? 0;
  const values = {
    chatIds: batch.map((send) => send.message.chatId),
    senderIds: batch.map((send) => send.message.senderId),
    clientIds: batch.map((send) => send.message.clientId),
    types: batch.map((send) => send.message.type),
    texts: batch.map((send) => send.message.text),
    offerPrices: batch.map((send) => send.message.offerPrice ?? null),
    lastMessages: batch.map((send) => send.lastMessage),
    noticeTypes: batch.map((send) => send.notice.type),
    noticeTexts: batch.map((send) => send.notice.text),
    isAboutAppended: batch.map((send) => send.notice.isAboutAppended),
    photoKeys: batch.map((send) => send.message.photoKey ?? null),
    photoWidths: batch.map((send) => send.message.photoWidth ?? null),
    photoHeights: batch.map((send) => send.message.photoHeight ?? null),
    // One text per send: chat_send_many splits it back into the message's array.
    scamSignals: batch.map((send) => (send.message.scamSignals ?? []).join(",")),
    limitKeys: batch.map((send) => send.limit?.key ?? null),
    limits: batch.map((send) => send.limit?.rule.limit ?? null),
    windowSeconds,
  };
  let stored: (StoredSend | undefined)[] = [];
  let append: LiveEventsAppend | undefined;
  const { first: rows, second: bumped } = await transactionInTwoRoundTrips(
    db,
    { statement: sendBatchStatement, values },
    (sent) => {
      stored = batch.map((send, index) => toStoredSend(send, sent[index]));
      append = prepareLiveEvents(stored.flatMap((send) => (send ? toSendEvents(send) : [])));
      return append.step;
    },
  );
  const frames = append?.toAppended(bumped).frames ?? new Map<string, StoredFrame[]>();
  return batch.map((send, index): SendOutcome => {
    const row = rows[index];
    const result = stored[index];
    if (row?.is_blocked) return { kind: "blocked" };
    if (row && !row.is_allowed && send.limit) {
      const attempts = { count: row.attempts ?? 0, retry_after: row.retry_after ?? 1 };
      return { kind: "rate-limited", attempts, limit: send.limit };
    }
    if (!row?.is_chat_found) return { kind: "chat-not-found" };
    if (!row.is_member) return { kind: "not-member" };
    if (!result) return { kind: "duplicate" };
    return {
      kind: "stored",
      message: result.message,
      members: result.members,
      frames: framesOf(frames, result.members),
    };
  });
}

/** The rows one stored send wrote; undefined when nothing was (not a member, or a retry). */
function toStoredSend(send: SendInput, row: SendSqlRow | undefined): StoredSend | undefined {
  if (!row?.message_id || !row.message_created_at) return undefined;
  const createdAt = new Date(row.message_created_at);
  const message: MessageRow = {
    ...send.message,
    offerPrice: send.message.offerPrice ?? null,
    photoKey: send.message.photoKey ?? null,
    photoWidth: send.message.photoWidth ?? null,
    photoHeight: send.message.photoHeight ?? null,
    scamSignals: send.message.scamSignals ?? [],
    id: row.message_id,
    createdAt,
  };
  const notification: NotificationRow | null =
    row.notification_id && row.recipient_id && row.notification_created_at
      ? {
          id: row.notification_id,
          userId: row.recipient_id,
          type: send.notice.type,
          text: row.notification_text ?? "",
          chatId: message.chatId,
          itemId: row.item_id,
          recruitmentPostId: row.recruitment_post_id,
          fromUserId: message.senderId,
          offerPrice: message.offerPrice,
          link: null,
          isRead: false,
          createdAt: new Date(row.notification_created_at),
        }
      : null;
  return {
    message,
    members: row.members ?? [],
    notification,
    notificationContext: { fromName: send.notice.fromName, about: row.about },
    counts: { unread: row.unread ?? 0, unreadMessages: row.unread_messages ?? 0 },
  };
}

/** Each member's frames from the batch's stored events. */
function framesOf(frames: Map<string, StoredFrame[]>, members: string[]): Map<string, StoredFrame[]> {
  const own = new Map<string, StoredFrame[]>();
  for (const member of members) own.set(member, frames.get(member) ?? []);
  return own;
}

/** Under load, sends that arrive together share one transaction and one commit. */
const sendInBatches = batched<SendInput, SendOutcome>({
  maxInFlight: 2,
  maxBatch: 64,
  runMany: storeBatch,
});

/**
 * A whole send in one transaction of two statements, shared by the sends that arrive together:
 * the block check, the send limit if one is given, the membership check, the message, the chat's
 * meta (last message, sender, updated time), the notification to the other member with the badge
 * counts (migration 0028, chat_send_many), and the live events of both members with their numbers.
 * Nothing is written unless the sender is a member and (sender, clientId) is new; the unique index
 * decides, so concurrent retries store one message. The meta only moves forward: of two sends
 * committing in either order, the newer message wins. Each send gets its own outcome.
 */
export function storeSend(
  db: Db,
  message: NewMessage,
  lastMessage: string,
  notice: SendNotice,
  limit?: SendLimit,
): Promise<SendOutcome> {
  return sendInBatches(db, { message, lastMessage, notice, limit });
}

/**
 * A sender's newest texts in a chat since a moment, oldest first: what the scam guard reads a new
 * text after (trust/scam-guard.ts findScamSignalsAfter). On the chat's (chat, created) index.
 */
export async function recentTextsOfSender(
  db: Db,
  chatId: string,
  senderId: string,
  since: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        gt(messages.createdAt, since),
        eq(messages.senderId, senderId),
        inArray(messages.type, ["text", "recruitment_inquiry"]),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map((row) => row.text).reverse();
}

/** The newest messages of a chat, returned oldest first. */
export async function latestMessages(db: Db, chatId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** The newest messages of a chat with their offers' states, returned oldest first. */
export async function latestMessagesWithOffers(db: Db, chatId: string, limit: number) {
  const rows = await db
    .select({ message: messages, offer: offers })
    .from(messages)
    .leftJoin(offers, eq(offers.id, messages.id))
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessageByClientId(
  db: Db,
  senderId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
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

/** The ids of a chat's members. */
export async function findMemberIds(db: Db, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return rows.map((row) => row.userId);
}

/**
 * Stores one message outside the batched send path (offers, counters, deal lines) and moves the
 * chat's latest message to it; the caller's transaction holds both.
 */
export async function insertMessageWithMeta(
  db: Db,
  values: Pick<MessageRow, "chatId" | "senderId" | "clientId" | "type" | "text" | "offerPrice">,
  lastMessage: string,
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error("message insert returned nothing");
  await db
    .update(chats)
    .set({ lastMessage, lastSenderId: values.senderId, updatedAt: sql`greatest(${chats.updatedAt}, now())` })
    .where(eq(chats.id, values.chatId));
  return row;
}

/** A message by its id (an offer's message shares the offer's id). */
export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}
