import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
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
import type { FlagPlace, MemberChatRow } from "./chats.mapper";
import { isSendBlockedSql } from "./send-batch.repository";

export {
  type LookBack,
  type NewMessage,
  type SendLimit,
  type SendNotice,
  type SendOutcome,
  storeSend,
  type WriteOutcome,
  writeMessage,
} from "./send-batch.repository";

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
): Promise<(MemberChatRow & { counterpartReadAt: Date | null; counterpartDeliveredAt: Date | null })[]> {
  return db
    .select({
      chat: chats,
      counterpartId: counterpart.id,
      counterpartName: counterpart.name,
      counterpartPhoto: counterpart.profilePhoto,
      counterpartReadAt: counterpartMember.lastReadAt,
      counterpartDeliveredAt: counterpartMember.deliveredAt,
      itemImage: items.productImage,
      itemPrice: items.price,
      itemIsSold: items.isSold,
      itemIsActive: items.isActive,
      itemIsNegotiable: items.isNegotiable,
      itemReservedForId: items.reservedForId,
      itemReservedUntil: items.reservedUntil,
      itemReservedPrice: items.reservedPrice,
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
      deliveredAt: sql`greatest(${chatMembers.deliveredAt},
        (select max(${messages.createdAt}) from ${messages} where ${messages.chatId} = ${chatId}))`,
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
 * The member's device has received the chat up to its newest message (read implies received, so
 * it is never behind last_read_at). Returns the new time, or null when nothing changed.
 */
export async function markChatDeliveredUpTo(db: Db, chatId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .update(chatMembers)
    .set({
      deliveredAt: sql`(select max(${messages.createdAt}) from ${messages} where ${messages.chatId} = ${chatId})`,
    })
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.userId, userId),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chatId}
          and (${chatMembers.deliveredAt} is null or ${messages.createdAt} > ${chatMembers.deliveredAt}))`,
      ),
    )
    .returning({ deliveredAt: chatMembers.deliveredAt });
  return row?.deliveredAt ?? null;
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

export type NewChat = Omit<typeof chats.$inferInsert, "createdAt" | "updatedAt">;

/**
 * Opens a chat between two members unless it exists; true when this call created it. Both rows go
 * in one transaction, so a chat never lacks a member.
 */
export async function openChat(db: Db, chat: NewChat, memberIds: [string, string]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const created = await tx.insert(chats).values(chat).onConflictDoNothing().returning({ id: chats.id });
    await tx
      .insert(chatMembers)
      .values(memberIds.map((userId) => ({ chatId: chat.id, userId })))
      .onConflictDoNothing();
    return created.length > 0;
  });
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

/**
 * Each flagged message of a chat, by id, with its place among its sender's flagged messages there:
 * the first of its kind, and how many so far (on the partial index of flagged messages).
 */
export async function scamFlagsOf(db: Db, chatId: string): Promise<Map<string, FlagPlace>> {
  const result = await db.execute(sql`
    select ${messages.id} as id,
      row_number() over (partition by ${messages.senderId}, ${messages.scamKind}
        order by ${messages.createdAt}, ${messages.id}) = 1 as is_first_of_kind,
      (row_number() over (partition by ${messages.senderId} order by ${messages.createdAt}, ${messages.id}))::int as count
    from ${messages}
    where ${messages.chatId} = ${chatId} and ${messages.scamKind} is not null`);
  const rows = rowsOf<{ id: string; is_first_of_kind: boolean; count: number }>(result);
  return new Map(
    rows.map((row) => [row.id, { isFirstOfKind: row.is_first_of_kind, count: Number(row.count) }]),
  );
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

/** A message by its id (an offer's message shares the offer's id). */
export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}
