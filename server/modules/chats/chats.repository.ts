import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared-sql";
import { chatMembers, chats, liveCursors, liveEvents, messages, notifications, users } from "../../db/schema";
import { type AttemptCount, countAttemptSql, type RateLimitRule } from "../../plugins/rate-limit";
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

/** A send limit: at most rule.limit sends per window under one key; `message` is the refusal. */
export interface SendLimit {
  key: string;
  rule: RateLimitRule;
  message: string;
}

export type SendOutcome =
  /** Past the send limit: nothing was written. */
  | { kind: "rate-limited"; attempts: AttemptCount; limit: SendLimit }
  | { kind: "chat-not-found" }
  | { kind: "not-member" }
  /** (sender, clientId) was already stored: nothing was added. */
  | { kind: "duplicate" }
  /** `frames`: each member's new events as the live socket sends them, in order. */
  | { kind: "stored"; message: MessageRow; members: string[]; frames: Map<string, StoredFrame[]> };

/** A timestamp as JavaScript's toISOString writes it (milliseconds, truncated, UTC). */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const value = (name: keyof SendValues) => sql.placeholder(name);

interface SendValues {
  chatId: string;
  senderId: string;
  clientId: string;
  type: MessageRow["type"];
  text: string;
  offerPrice: number | null;
  lastMessage: string;
  noticeType: NotificationRow["type"];
  noticeText: string;
  isAboutAppended: boolean;
  limitKey?: string;
  limitWindowSeconds?: number;
  limitMax?: number;
}

/** With a send limit, the attempt is counted first and nothing is written past the limit. */
const sendSql = (isLimited: boolean) => sql`
    with ${isLimited ? sql`limited as (${countAttemptSql(value("limitKey"), value("limitWindowSeconds"))}), ` : sql``}chat as (
      select c.id, c.kind, c.item_id, c.item_name, c.recruitment_post_id, c.recruitment_purpose,
        array(select m.user_id from ${chatMembers} m where m.chat_id = c.id order by m.user_id) as members
      from ${chats} c where c.id = ${value("chatId")}
    ), allowed as (
      select chat.*, (select u from unnest(chat.members) u where u <> ${value("senderId")}::uuid limit 1) as recipient_id
      from chat where ${value("senderId")}::uuid = any(chat.members)
        ${isLimited ? sql`and (select count from limited) <= ${value("limitMax")}::int` : sql``}
    ), inserted as (
      insert into ${messages} (chat_id, sender_id, client_id, type, text, offer_price)
      select allowed.id, ${value("senderId")}::uuid, ${value("clientId")}::text, ${value("type")}::text,
             ${value("text")}::text, ${value("offerPrice")}::int
      from allowed
      on conflict do nothing
      returning *
    ), meta as (
      update ${chats}
      set last_message = ${value("lastMessage")}::text, last_sender_id = inserted.sender_id, updated_at = inserted.created_at
      from inserted
      where ${chats}.id = inserted.chat_id and ${chats}.updated_at <= inserted.created_at
    ), noted as (
      insert into ${notifications} (user_id, type, text, chat_id, item_id, recruitment_post_id, from_user_id, offer_price)
      select a.recipient_id, ${value("noticeType")}::text,
        case when ${value("isAboutAppended")}::boolean
          then ${value("noticeText")}::text || case when a.kind = 'recruitment'
            then coalesce(a.recruitment_purpose, 'your post') else a.item_name end
          else ${value("noticeText")}::text end,
        i.chat_id, a.item_id, a.recruitment_post_id, i.sender_id, i.offer_price
      from inserted i cross join allowed a
      where a.recipient_id is not null
      returning *
    ), unread as (
      -- The statement's snapshot does not see its own notification: it is added to the counts.
      select n.user_id,
        (select count(*) from ${notifications} x where x.user_id = n.user_id and not x.is_read)::int + 1 as unread,
        (select count(*) from ${notifications} x
          where x.user_id = n.user_id and not x.is_read and x.type = 'message')::int
          + (n.type = 'message')::int as unread_messages
      from noted n
    ), events as (
      select m.user_id, 1 as ordinal, 'message.created' as type,
        json_build_object('message', json_build_object(
          'id', i.id, 'chatId', i.chat_id, 'senderId', i.sender_id, 'clientId', i.client_id, 'type', i.type,
          'text', i.text, 'offerPrice', i.offer_price, 'createdAt', ${isoTime(sql`i.created_at`)}))::text as payload
      from inserted i cross join allowed a cross join unnest(a.members) as m(user_id)
      union all
      select m.user_id, 2, 'chat.updated', json_build_object('chatId', i.chat_id)::text
      from inserted i cross join allowed a cross join unnest(a.members) as m(user_id)
      union all
      select n.user_id, 3, 'notification.created', json_build_object('notification', json_build_object(
          'id', n.id, 'type', n.type, 'text', n.text, 'chatId', n.chat_id, 'itemId', n.item_id,
          'recruitmentPostId', n.recruitment_post_id, 'fromUserId', n.from_user_id, 'offerPrice', n.offer_price,
          'read', n.is_read, 'createdAt', ${isoTime(sql`n.created_at`)}))::text
      from noted n
      union all
      select u.user_id, 4, 'counts', json_build_object('unread', u.unread, 'unreadMessages', u.unread_messages)::text
      from unread u
    ), batch as (
      select user_id, count(*) as n from events group by user_id
    ), bumped as (
      insert into ${liveCursors} (user_id, seq)
      select user_id, n from batch order by user_id
      on conflict (user_id) do update set seq = ${liveCursors}.seq + excluded.seq
      returning user_id, seq
    ), stored as (
      insert into ${liveEvents} (user_id, seq, type, payload)
      select e.user_id, b.seq - c.n + e.ordinal, e.type, e.payload
      from events e join bumped b on b.user_id = e.user_id join batch c on c.user_id = e.user_id
      returning user_id, seq, type, payload
    )
    select exists (select 1 from chat) as is_chat_found, exists (select 1 from allowed) as is_member,
      (select a.members::text[] from allowed a) as members,
      (select json_agg(json_build_object('userId', s.user_id, 'seq', s.seq, 'type', s.type, 'payload', s.payload)
        order by s.user_id, s.seq) from stored s) as events,
      ${isLimited ? sql`(select row_to_json(limited) from limited)` : sql`null::json`} as attempts,
      i.id, i.chat_id, i.sender_id, i.client_id, i.type, i.text, i.offer_price, i.created_at
    from (values (1)) as one (x) left join inserted i on true
  `;
const sendStatement = preparedSql<SendSqlRow>("chat_send", sendSql(false));
const limitedSendStatement = preparedSql<SendSqlRow>("chat_send_limited", sendSql(true));

/**
 * A whole send in one statement (no transaction round trips): the send limit if one is given,
 * the membership check, the message,
 * the chat's meta (last message, sender, updated time), the notification to the other member and
 * the live events of both members with their numbers. Nothing is written unless the sender is a
 * member and (sender, clientId) is new; the unique index decides, so concurrent retries store one
 * message. The meta only moves forward: of two sends committing in either order, the newer message
 * wins. The events' payloads are the API's shapes (toMessageDto, toNotificationDto) built in SQL;
 * each member's counter row is bumped as in appendLiveEvents, so numbers stay gap-free.
 */
export async function storeSend(
  db: Db,
  message: NewMessage,
  lastMessage: string,
  notice: SendNotice,
  limit?: SendLimit,
): Promise<SendOutcome> {
  const values: SendValues = {
    chatId: message.chatId,
    senderId: message.senderId,
    clientId: message.clientId,
    type: message.type,
    text: message.text,
    offerPrice: message.offerPrice ?? null,
    lastMessage,
    noticeType: notice.type,
    noticeText: notice.text,
    isAboutAppended: notice.isAboutAppended,
  };
  if (limit) {
    values.limitKey = limit.key;
    values.limitWindowSeconds = limit.rule.windowSeconds;
    values.limitMax = limit.rule.limit;
  }
  const [row] = await (limit ? limitedSendStatement : sendStatement)(db, values);
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
