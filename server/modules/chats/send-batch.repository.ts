import { type SQL, sql } from "drizzle-orm";
import { batched } from "../../db/batched";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared-sql";
import { chatMembers, messages, userBlocks } from "../../db/schema";
import { transactionInTwoRoundTrips } from "../../db/two-round-trips";
import { type AttemptCount, countEachAttemptCtes } from "../../plugins/rate-limit";
import type { AttemptLimit } from "../../plugins/rate-limit-rules";
import {
  type AppendedRow,
  appendLiveEventsCtes,
  type LiveEventsAppend,
  prepareLiveEvents,
  type StoredFrame,
} from "../../realtime/live-events";
import { type FlagPlace, flagPlaceOf, type StoredSend, toSendEvents } from "./chats.mapper";
import type { MessageRow, NotificationRow } from "./chats.repository";

/*
 * The one write path of chat messages, through chat_send_many (server/db/functions/): the sends
 * that arrive together are stored in one transaction of two statements, with their send limits,
 * block checks, chat meta, notifications and live events (storeSend); an offer, a counter or a
 * deal line is written by the same function inside its own transaction (writeMessage). Both give
 * the rows as a StoredSend, whose live events one mapper builds (chats.mapper toSendEvents).
 * chats.repository.ts re-exports what the services call.
 */

/** isSendBlocked in SQL, for a chat id and a sender id given as SQL (columns or values). */
export function isSendBlockedSql(chatId: SQL, senderId: SQL): SQL {
  return sql`exists (
    select 1 from ${chatMembers} me
    join ${chatMembers} them on them.chat_id = me.chat_id and them.user_id <> me.user_id
    join ${userBlocks} b on (b.blocker_id = me.user_id and b.blocked_id = them.user_id)
      or (b.blocker_id = them.user_id and b.blocked_id = me.user_id)
    where me.chat_id = ${chatId} and me.user_id = ${senderId}
  )`;
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
  | "scamKind"
>;

/** The notification a send gives the other member. */
export interface SendNotice {
  type: NotificationRow["type"];
  /** The notification's text, whole. */
  text: string;
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
  | {
      kind: "stored";
      message: MessageRow;
      members: string[];
      frames: Map<string, StoredFrame[]>;
      /** A flagged message's place among its sender's flagged messages in the chat. */
      flag?: FlagPlace;
    };

/**
 * The scam guard's look-back of a text (trust/scam-guard.ts): the sender's texts in the chat since
 * `since`, at most `count`, are read inside the send's statement, with how many messages the sender
 * wrote in the chat before and whether the two members are new to each other; the message's signals
 * and kind are those `signalsAfter` finds reading the text after them.
 */
export interface LookBack {
  since: Date;
  count: number;
  signalsAfter(read: LookBackRead): { signals: string[]; kind: string | null };
}

export interface LookBackRead {
  earlierTexts: readonly string[];
  /** The sender's messages in the chat before this one, counted up to 3. */
  earlierMessages: number;
  /** The two members had no chat before this one. */
  isNewContact: boolean;
}

interface SendInput {
  message: NewMessage;
  lastMessage: string;
  /** None for a deal line, and for a write whose caller notifies in its own words. */
  notice: SendNotice | null;
  limit?: SendLimit;
  lookBack?: LookBack;
}

const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;

/** The arguments of chat_send_many (server/db/functions/), in its order, from the allowed sends. */
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
  "photo_key",
  "photo_width",
  "photo_height",
  "scam_signals",
  "scam_kind",
  "look_back_since",
  "look_back_count",
].map((name) => sql`(select array_agg(${sql.raw(name)} order by k) from allowed)`);

/**
 * A batch's sends in one statement: a send between two students where one blocked the other is
 * refused first (is_blocked, not counted against its limit); each other limited send is counted
 * against its limit by the rate limiter's SQL (countEachAttemptCtes, which locks the send counters
 * first), and the sends within their limit go to chat_send_many (server/db/functions/chat_send_many.sql), which checks for
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
          column("photoKeys", "text"),
          column("photoWidths", "int"),
          column("photoHeights", "int"),
          column("scamSignals", "text"),
          column("scamKinds", "text"),
          column("lookBackSince", "timestamptz"),
          column("lookBackCounts", "int"),
          column("limitKeys", "text"),
          column("limits", "int"),
        ],
        sql`, `,
      )}) with ordinality as i(chat_id, sender_id, client_id, type, text, offer_price, last_message,
        notice_type, notice_text, photo_key, photo_width, photo_height, scam_signals, scam_kind,
        look_back_since, look_back_count, limit_key, max_count, send)
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
      s.notification_created_at, s.unread, s.unread_messages, s.about, s.earlier_texts,
      s.earlier_messages, s.is_new_contact, s.earlier_scam_kinds
    from checked c
    left join allowed a on a.send = c.send
    left join sent s on s.send = a.k
    order by c.send
  `,
);

/** One send's row of the batch statement: its limit count, then what chat_send_many returned. */
interface SendSqlRow extends FunctionRow {
  send: number;
  /** The sender and the chat's other member had a block between them when the batch began. */
  is_blocked: boolean;
  is_allowed: boolean;
  /** The send's attempts in the window, when it has a limit. */
  attempts: number | null;
  retry_after: number | null;
}

/** What chat_send_many returns for one send (all null for a send the batch refused). */
interface FunctionRow {
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
  /** The sender's earlier texts the scam guard reads a text after (LookBack), oldest first. */
  earlier_texts: string[] | null;
  /** For a text: the sender's messages in the chat before it (up to 3), and whether the members are new to each other. */
  earlier_messages: number | null;
  is_new_contact: boolean | null;
  /** The kinds of the sender's earlier flagged messages in the chat, oldest first. */
  earlier_scam_kinds: string[] | null;
}

/**
 * The batch's second statement when the look-back changed the signals of some of its messages:
 * those messages' signals, and the live events (appendLiveEventsCtes), in one statement.
 */
const flagAndAppendStatement = preparedSql<AppendedRow>(
  "chat_send_flag_and_append",
  sql`
    with flagged as (
      update ${messages} m set scam_signals = coalesce(string_to_array(nullif(f.signals, ''), ','), '{}'),
        scam_kind = f.kind
      from unnest(${sql.placeholder("flaggedIds")}::uuid[], ${sql.placeholder("flaggedSignals")}::text[],
        ${sql.placeholder("flaggedKinds")}::text[]) as f(id, signals, kind)
      where m.id = f.id
    ), ${appendLiveEventsCtes}
    select user_id, seq from bumped
  `,
);

/** The values of chat_send_many's arguments, one per send, by placeholder name. */
function messageValues(batch: SendInput[]) {
  return {
    chatIds: batch.map((send) => send.message.chatId),
    senderIds: batch.map((send) => send.message.senderId),
    clientIds: batch.map((send) => send.message.clientId),
    types: batch.map((send) => send.message.type),
    texts: batch.map((send) => send.message.text),
    offerPrices: batch.map((send) => send.message.offerPrice ?? null),
    lastMessages: batch.map((send) => send.lastMessage),
    noticeTypes: batch.map((send) => send.notice?.type ?? null),
    noticeTexts: batch.map((send) => send.notice?.text ?? null),
    photoKeys: batch.map((send) => send.message.photoKey ?? null),
    photoWidths: batch.map((send) => send.message.photoWidth ?? null),
    photoHeights: batch.map((send) => send.message.photoHeight ?? null),
    // One text per send: chat_send_many splits it back into the message's array.
    scamSignals: batch.map((send) => (send.message.scamSignals ?? []).join(",")),
    scamKinds: batch.map((send) => send.message.scamKind ?? null),
    lookBackSince: batch.map((send) => send.lookBack?.since.toISOString() ?? null),
    lookBackCounts: batch.map((send) => send.lookBack?.count ?? null),
  };
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
    ...messageValues(batch),
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
      // A text read after the sender's earlier texts may raise signals it does not raise alone,
      // and the first texts of someone new are read for a way out of the chat.
      const flagged: { id: string; signals: string; kind: string | null }[] = [];
      stored = batch.map((send, index) => {
        const result = toStoredSend(send, sent[index]);
        const row = sent[index];
        if (!result || !row || !send.lookBack) return result;
        const { signals, kind } = send.lookBack.signalsAfter({
          earlierTexts: row.earlier_texts ?? [],
          earlierMessages: row.earlier_messages ?? 0,
          isNewContact: row.is_new_contact === true,
        });
        if (signals.join(",") === result.message.scamSignals.join(",")) return result;
        flagged.push({ id: result.message.id, signals: signals.join(","), kind });
        const scamKind = kind as MessageRow["scamKind"];
        return { ...result, message: { ...result.message, scamSignals: signals, scamKind } };
      });
      append = prepareLiveEvents(stored.flatMap((send) => (send ? toSendEvents(send) : [])));
      if (!append.step || flagged.length === 0) return append.step;
      return {
        statement: flagAndAppendStatement,
        values: {
          ...append.step.values,
          flaggedIds: flagged.map((flag) => flag.id),
          flaggedSignals: flagged.map((flag) => flag.signals),
          flaggedKinds: flagged.map((flag) => flag.kind),
        },
      };
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
      flag: flagPlaceOf(result),
    };
  });
}

/** The rows one stored send wrote; undefined when nothing was (not a member, or a retry). */
function toStoredSend(send: SendInput, row: FunctionRow | undefined): StoredSend | undefined {
  if (!row?.message_id || !row.message_created_at) return undefined;
  const createdAt = new Date(row.message_created_at);
  const message: MessageRow = {
    ...send.message,
    offerPrice: send.message.offerPrice ?? null,
    photoKey: send.message.photoKey ?? null,
    photoWidth: send.message.photoWidth ?? null,
    photoHeight: send.message.photoHeight ?? null,
    scamSignals: send.message.scamSignals ?? [],
    scamKind: send.message.scamKind ?? null,
    id: row.message_id,
    createdAt,
  };
  const notification: NotificationRow | null =
    send.notice && row.notification_id && row.recipient_id && row.notification_created_at
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
    notificationContext: { fromName: send.notice?.fromName ?? null, about: row.about },
    counts: { unread: row.unread ?? 0, unreadMessages: row.unread_messages ?? 0 },
    earlierScamKinds: row.earlier_scam_kinds ?? [],
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
 * counts (chat_send_many, server/db/functions/chat_send_many.sql), and the live events of both
 * members with their numbers. A text's look-back (LookBack) is read in the same statement.
 * Nothing is written unless the sender is a member and (sender, clientId) is new; the unique index
 * decides, so concurrent retries store one message. The meta only moves forward: of two sends
 * committing in either order, the newer message wins. Each send gets its own outcome.
 * chat_send_many and the trigger notifications_queue_push in docs/database.md also queue the push.
 */
export function storeSend(
  db: Db,
  message: NewMessage,
  lastMessage: string,
  notice: SendNotice,
  limit?: SendLimit,
  lookBack?: LookBack,
): Promise<SendOutcome> {
  return sendInBatches(db, { message, lastMessage, notice, limit, lookBack });
}

/** chat_send_many for one message, inside the caller's transaction, its live cursors left to the append. */
const writeMessageStatement = preparedSql<FunctionRow>(
  "chat_write_message",
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
      column("photoKeys", "text"),
      column("photoWidths", "int"),
      column("photoHeights", "int"),
      column("scamSignals", "text"),
      column("scamKinds", "text"),
      column("lookBackSince", "timestamptz"),
      column("lookBackCounts", "int"),
      sql`false`,
    ],
    sql`, `,
  )})`,
);

export type WriteOutcome =
  /** What the write stored; the caller emits its live events (chats.mapper toSendEvents). */
  | { kind: "stored"; send: StoredSend }
  | { kind: "chat-not-found" }
  /** Not a member, or a block between the sender and the other member (checked under the pair's lock). */
  | { kind: "not-member" }
  /** (sender, clientId) was already stored: nothing was added. */
  | { kind: "duplicate" };

/**
 * One message written inside the caller's transaction (an offer, a counter, a deal line) by the
 * function the batched sends use: the same membership and block check, the same rule for the
 * chat's latest message, and the same notification (none when `notice` is null). The caller's
 * transaction appends the live events, so its locks on the members' live cursors come last.
 */
export async function writeMessage(
  tx: Db,
  message: NewMessage,
  lastMessage: string,
  notice: SendNotice | null,
): Promise<WriteOutcome> {
  const send: SendInput = { message, lastMessage, notice };
  const [row] = await writeMessageStatement(tx, messageValues([send]));
  if (!row?.is_chat_found) return { kind: "chat-not-found" };
  if (!row.is_member) return { kind: "not-member" };
  const stored = toStoredSend(send, row);
  return stored ? { kind: "stored", send: stored } : { kind: "duplicate" };
}
