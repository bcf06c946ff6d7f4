import type { LiveEvent } from "@shared/live-events";
import type { Db } from "../../db/client";
import type { PendingEvent } from "../../realtime/live-events";
import { toMessageDto } from "./chats.mapper";
import { findMemberIds, insertMessageWithMeta, type MessageRow } from "./chats.repository";

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
