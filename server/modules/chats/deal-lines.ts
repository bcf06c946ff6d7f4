import type { LiveEvent } from "@shared/live-events";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMembers, chats, messages } from "../../db/schema";
import type { PendingEvent } from "../../realtime/live-events";
import { toMessageDto } from "./chats.mapper";
import type { MessageRow } from "./chats.repository";

/** The ids of a chat's members. */
export async function membersOf(db: Db, chatId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return rows.map((row) => row.userId);
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
  const [row] = await tx.insert(messages).values(values).returning();
  if (!row) throw new Error("message insert returned nothing");
  await tx
    .update(chats)
    .set({ lastMessage, lastSenderId: values.senderId, updatedAt: sql`greatest(${chats.updatedAt}, now())` })
    .where(eq(chats.id, values.chatId));
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

/** A line about the deal in an item's chat ('This item is now reserved.'), shown to both members. */
export async function postDealLine(
  tx: Db,
  emit: (event: PendingEvent) => void,
  chatId: string,
  sellerId: string,
  text: string,
): Promise<void> {
  const members = await membersOf(tx, chatId);
  await insertChatMessage(
    tx,
    emit,
    {
      chatId,
      senderId: sellerId,
      clientId: `deal-${crypto.randomUUID()}`,
      type: "system",
      text,
      offerPrice: null,
    },
    text,
    members,
  );
  // The open thread's header turns 'Reserved' or 'Sold' and its 'Make Offer' goes.
  for (const userId of members) emit({ userId, event: { type: "deal.updated", data: { chatId } } });
}

/** The chats about an item with their buyer (the member who is not the seller). */
export async function itemChats(db: Db, itemId: string): Promise<{ chatId: string; buyerId: string }[]> {
  return db
    .select({ chatId: chats.id, buyerId: chatMembers.userId })
    .from(chats)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.chatId, chats.id), sql`${chatMembers.userId} <> ${chats.sellerId}`),
    )
    .where(and(eq(chats.itemId, itemId), eq(chats.kind, "item")));
}

/** Every member of the item's chats learns the chat changed (the header's badge). */
export async function announceItemChats(
  db: Db,
  emit: (event: PendingEvent) => void,
  itemId: string,
  sellerId: string,
) {
  for (const { chatId, buyerId } of await itemChats(db, itemId)) {
    const event: LiveEvent = { type: "deal.updated", data: { chatId } };
    emit({ userId: buyerId, event });
    emit({ userId: sellerId, event });
  }
}
