import { CHAT_MESSAGES } from "@shared/api/chats";
import type { LiveEvent } from "@shared/live-events";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PendingEvent } from "../../realtime/live-events";
import { toMessageDto } from "./chats.mapper";
import { canReadChat } from "./chats.policy";
import {
  type ChatRow,
  findChatWithMembers,
  findMemberIds,
  findMessage,
  findMessageByClientId,
  insertMessageWithMeta,
  isSendBlocked,
  type MessageRow,
} from "./chats.repository";

/*
 * What the deals (server/modules/deals) do in a chat: find the chat a member may act in, store one
 * message outside the batched send (an offer, a counter, a line about the deal) and read one back.
 * The deals call these, never the chats' repository.
 */

/**
 * The chat and its members' ids, when the user is a member and no block stands between them:
 * an offer or its answer is refused where a message would be.
 */
export async function loadChatToAct(
  tx: Db,
  user: UserRow,
  chatId: string,
): Promise<{ chat: ChatRow; members: string[] }> {
  const found = await findChatWithMembers(tx, chatId);
  if (!found) throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
  if (!canReadChat(user, found.members)) throw new AppError("forbidden", CHAT_MESSAGES.notMember);
  // Blocked either way: no offers or answers between them, as no messages.
  if (await isSendBlocked(tx, chatId, user.id)) throw new AppError("forbidden", BLOCK_MESSAGES.cannotMessage);
  return found;
}

/** The sender's message with this clientId (a retried send's first copy), if any. */
export function findSentMessage(db: Db, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  return findMessageByClientId(db, senderId, clientId);
}

/** A message by its id (an offer's message shares the offer's id). */
export function findChatMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return findMessage(db, id);
}

/**
 * Stores a message outside the batched send path (offers, counters, deal lines) inside the caller's
 * transaction, moves the chat's meta, and gives both members the message and the chat's new place.
 */
export async function insertChatMessage(
  tx: Db,
  emit: (event: PendingEvent) => void,
  values: Pick<MessageRow, "chatId" | "senderId" | "clientId" | "type" | "text" | "offerPrice">,
  lastMessage: string,
  members: readonly string[],
): Promise<MessageRow> {
  const row = await insertMessageWithMeta(tx, values, lastMessage);
  // No scam signals here, so both members see the same message; an offer's state is not in live
  // frames (deal.updated makes the thread fetch it).
  const created: LiveEvent = {
    type: "message.created",
    data: { message: toMessageDto(row, values.senderId) },
  };
  const updated: LiveEvent = { type: "chat.updated", data: { chatId: values.chatId } };
  for (const userId of members) {
    emit({ userId, event: created });
    emit({ userId, event: updated });
  }
  return row;
}

/**
 * A system line in a chat ('This item is now reserved.'), written as its seller's and shown to both
 * members; returns the members it went to.
 */
export async function insertSystemLine(
  tx: Db,
  emit: (event: PendingEvent) => void,
  chatId: string,
  senderId: string,
  text: string,
): Promise<string[]> {
  const members = await findMemberIds(tx, chatId);
  await insertChatMessage(
    tx,
    emit,
    { chatId, senderId, clientId: `deal-${crypto.randomUUID()}`, type: "system", text, offerPrice: null },
    text,
    members,
  );
  return members;
}
