import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { batched } from "../../db/batched";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared-sql";
import { chatMembers, chats, messages, notifications, users } from "../../db/schema";
import type { AttemptCount } from "../../plugins/rate-limit";
import type { AttemptLimit } from "../../plugins/rate-limit-rules";
import { type StoredFrame, toStoredFrame } from "../../realtime/live-events";

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

/** The notification a send gives the other member. */
export interface SendNotice {
  type: NotificationRow["type"];
  /** The notification's text; for an offer, what comes before the name of what the chat is about. */
  text: string;
  /** Ends the text with what the chat is about (the item's name or the recruitment purpose). */
  isAboutAppended: boolean;
}

/** A send limit (the named rule chatSend): at most rule.limit sends per window under one key. */
export type SendLimit = AttemptLimit;

export type SendOutcome =
  /** Past the send limit: nothing was written. */
  | { kind: "rate-limited"; attempts: AttemptCount; limit: SendLimit }
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

/** The migration's chat_send_many: many sends in one statement and one transaction. */
const sendManyStatement = preparedSql<SendSqlRow>(
  "chat_send_many",
  sql`select * from chat_send_many(${sql.join(
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
      column("limitKeys", "text"),
      column("limitWindows", "int"),
      column("limitMaxes", "int"),
    ],
    sql`, `,
  )}) order by send`,
);

/** Under load, sends that arrive together share one statement and one commit. */
const sendInBatches = batched<SendInput, SendOutcome>({
  maxInFlight: 2,
  maxBatch: 64,
  runMany: async (db, batch) => {
    const rows = await sendManyStatement(db, {
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
      limitKeys: batch.map((send) => send.limit?.key ?? null),
      limitWindows: batch.map((send) => send.limit?.rule.windowSeconds ?? null),
      limitMaxes: batch.map((send) => send.limit?.rule.limit ?? null),
    });
    return batch.map((send, index) => toOutcome(rows[index], send.limit));
  },
});

/**
 * A whole send in one statement (no transaction round trips): the send limit if one is given,
 * the membership check, the message, the chat's meta (last message, sender, updated time), the
 * notification to the other member and the live events of both members with their numbers
 * (migration 0007, chat_send_many). Nothing is written unless the sender is a member and
 * (sender, clientId) is new; the unique index decides, so concurrent retries store one message.
 * The meta only moves forward: of two sends committing in either order, the newer message wins.
 * Sends arriving together are written together (group commit); each gets its own outcome.
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

function toOutcome(row: SendSqlRow | undefined, limit: SendLimit | undefined): SendOutcome {
  if (limit && row?.attempts && row.attempts.count > limit.rule.limit)
    return { kind: "rate-limited", attempts: row.attempts, limit };
  if (!row?.is_chat_found) return { kind: "chat-not-found" };
  if (!row.is_member) return { kind: "not-member" };
  if (row.id === null) return { kind: "duplicate" };
  return {
    kind: "stored",
    members: row.members ?? [],
    frames: framesByUser(row.events ?? []),
    message: {
      id: row.id,
      chatId: row.chat_id,
      senderId: row.sender_id,
      clientId: row.client_id,
      type: row.type,
      text: row.text,
      offerPrice: row.offer_price,
      createdAt: new Date(row.created_at),
    },
  };
}

interface SendSqlRow {
  send: number;
  is_chat_found: boolean;
  is_member: boolean;
  members: string[] | null;
  events: { userId: string; seq: number | string; type: string; payload: string }[] | null;
  attempts: AttemptCount | null;
  id: string | null;
  chat_id: string;
  sender_id: string;
  client_id: string;
  type: MessageRow["type"];
  text: string;
  offer_price: number | null;
  created_at: Date | string;
}

function framesByUser(events: NonNullable<SendSqlRow["events"]>): Map<string, StoredFrame[]> {
  const frames = new Map<string, StoredFrame[]>();
  for (const event of events) {
    const list = frames.get(event.userId) ?? [];
    list.push(toStoredFrame(Number(event.seq), event.type, event.payload));
    frames.set(event.userId, list);
  }
  return frames;
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
