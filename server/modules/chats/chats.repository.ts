import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { chatMembers, chats, messages, notifications, users } from "../../db/schema";

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

const counterpartMember = alias(chatMembers, "counterpart_member");
const counterpart = alias(users, "counterpart");

/** The chats a user belongs to, with the other member, most recently updated first. */
export async function listChatsOf(db: Db, userId: string, chatId?: string) {
  return db
    .select({ chat: chats, counterpartId: counterpart.id, counterpartName: counterpart.name })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .leftJoin(
      counterpartMember,
      and(eq(counterpartMember.chatId, chats.id), ne(counterpartMember.userId, userId)),
    )
    .leftJoin(counterpart, eq(counterpart.id, counterpartMember.userId))
    .where(and(eq(chatMembers.userId, userId), chatId ? eq(chats.id, chatId) : undefined))
    .orderBy(desc(chats.updatedAt), desc(chats.id));
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

export type NewMessage = Pick<
  typeof messages.$inferInsert,
  "chatId" | "senderId" | "clientId" | "type" | "text" | "offerPrice"
>;

/**
 * Stores a message and moves its chat's meta (last message, sender, updated time) to it, in one
 * statement. The meta only moves forward: of two sends committing in either order, the newer
 * message wins. Returns nothing when (sender, clientId) is already stored.
 */
export async function insertMessageWithMeta(
  tx: Db,
  message: NewMessage,
  lastMessage: string,
): Promise<MessageRow | undefined> {
  const result = await tx.execute(sql`
    with inserted as (
      insert into ${messages} (chat_id, sender_id, client_id, type, text, offer_price)
      values (${message.chatId}, ${message.senderId}, ${message.clientId}, ${message.type},
              ${message.text}, ${message.offerPrice ?? null})
      on conflict do nothing
      returning *
    ), meta as (
      update ${chats}
      set last_message = ${lastMessage}, last_sender_id = inserted.sender_id, updated_at = inserted.created_at
      from inserted
      where ${chats}.id = inserted.chat_id and ${chats}.updated_at <= inserted.created_at
    )
    select * from inserted
  `);
  const [row] = (result as unknown as { rows: MessageSqlRow[] }).rows;
  if (!row) return undefined;
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    clientId: row.client_id,
    type: row.type,
    text: row.text,
    offerPrice: row.offer_price,
    createdAt: new Date(row.created_at),
  };
}

interface MessageSqlRow {
  id: string;
  chat_id: string;
  sender_id: string;
  client_id: string;
  type: MessageRow["type"];
  text: string;
  offer_price: number | null;
  created_at: Date | string;
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
