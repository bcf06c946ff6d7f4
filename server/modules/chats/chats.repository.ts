import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { batched } from "../../db/batched";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared-sql";
import { chatMembers, chats, messages, notifications, users } from "../../db/schema";
import { type AttemptCount, RateLimiter } from "../../plugins/rate-limit";
import type { AttemptLimit } from "../../plugins/rate-limit-rules";
import { appendLiveEvents, type StoredFrame } from "../../realtime/live-events";
import { type StoredSend, toSendEvents } from "./chats.mapper";

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

/** The migration's chat_send_many: many sends in one statement, each returning plain rows. */
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
    ],
    sql`, `,
  )}) order by send`,
);

/** What chat_send_many returns for one send (migration 0012). */
interface SendSqlRow {
  send: number;
  is_chat_found: boolean;
  is_member: boolean;
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
}

/**
 * Counts the sends against their limit: the refused ones are left out of the batch (their
 * attempt still counts, so a script that keeps pushing stays out).
 */
async function countSendLimits(tx: Db, batch: SendInput[]): Promise<(AttemptCount | null)[]> {
  const limited = batch.flatMap((send, index) => (send.limit ? [{ index, limit: send.limit }] : []));
  const refusals: (AttemptCount | null)[] = batch.map(() => null);
  // One window for all: every send is counted against the one named rule, chatSend.
  const windowSeconds = limited[0]?.limit.rule.windowSeconds;
  if (windowSeconds === undefined) return refusals;
  const counts = await new RateLimiter(tx).countMany(
    limited.map(({ limit }) => limit.key),
    windowSeconds,
  );
  limited.forEach(({ index, limit }, position) => {
    const attempts = counts[position];
    if (attempts && attempts.count > limit.rule.limit) refusals[index] = attempts;
  });
  return refusals;
}

/**
 * A batch of sends in one transaction: the send limits (the rate limiter's count), the sends
 * themselves (chat_send_many), then the live events the mappers build from the rows, numbered
 * by appendLiveEvents. The rows are locked in one order throughout: send counters, chats, live
 * counters.
 */
async function storeBatch(db: Db, batch: SendInput[]): Promise<SendOutcome[]> {
  return db.transaction(async (tx) => {
    const refusals = await countSendLimits(tx, batch);
    const allowed = batch.filter((_send, index) => refusals[index] === null);
    const rows =
      allowed.length === 0
        ? []
        : await sendManyStatement(tx, {
            chatIds: allowed.map((send) => send.message.chatId),
            senderIds: allowed.map((send) => send.message.senderId),
            clientIds: allowed.map((send) => send.message.clientId),
            types: allowed.map((send) => send.message.type),
            texts: allowed.map((send) => send.message.text),
            offerPrices: allowed.map((send) => send.message.offerPrice ?? null),
            lastMessages: allowed.map((send) => send.lastMessage),
            noticeTypes: allowed.map((send) => send.notice.type),
            noticeTexts: allowed.map((send) => send.notice.text),
            isAboutAppended: allowed.map((send) => send.notice.isAboutAppended),
          });
    const stored = allowed.map((send, index) => toStoredSend(send, rows[index]));
    const events = stored.flatMap((send) => (send ? toSendEvents(send) : []));
    const { frames } = await appendLiveEvents(tx, events);
    let next = 0;
    return batch.map((send, index): SendOutcome => {
      const attempts = refusals[index];
      if (attempts && send.limit) return { kind: "rate-limited", attempts, limit: send.limit };
      const row = rows[next];
      const result = stored[next];
      next += 1;
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
  });
}

/** The rows one stored send wrote; undefined when nothing was (not a member, or a retry). */
function toStoredSend(send: SendInput, row: SendSqlRow | undefined): StoredSend | undefined {
  if (!row?.message_id || !row.message_created_at) return undefined;
  const createdAt = new Date(row.message_created_at);
  const message: MessageRow = {
    ...send.message,
    offerPrice: send.message.offerPrice ?? null,
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
          isRead: false,
          createdAt: new Date(row.notification_created_at),
        }
      : null;
  return {
    message,
    members: row.members ?? [],
    notification,
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
 * A whole send in one transaction of three statements, shared by the sends that arrive together:
 * the send limit if one is given, the membership check, the message, the chat's meta (last
 * message, sender, updated time), the notification to the other member with the badge counts
 * (migration 0012, chat_send_many), and the live events of both members with their numbers.
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
