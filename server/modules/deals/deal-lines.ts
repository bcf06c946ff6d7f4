import type { LiveEvent } from "@shared/live-events";
import type { Db } from "../../db/client";
import type { PendingEvent } from "../../realtime/live-events";
import { insertSystemLine } from "../chats/deal-chat.service";
import { findItemChats } from "./deals.repository";

type Emit = (event: PendingEvent) => void;

/** The chats about an item with their buyer (the member who is not the seller). */
export function itemChats(db: Db, itemId: string): Promise<{ chatId: string; buyerId: string }[]> {
  return findItemChats(db, itemId);
}

/** A line about the deal in an item's chat ('This item is now reserved.'), shown to both members. */
export async function postDealLine(
  tx: Db,
  emit: Emit,
  chatId: string,
  sellerId: string,
  text: string,
): Promise<void> {
  const members = await insertSystemLine(tx, emit, chatId, sellerId, text);
  // The open thread's header turns 'Reserved' or 'Sold' and its 'Make Offer' goes.
  for (const userId of members) emit({ userId, event: { type: "deal.updated", data: { chatId } } });
}

/** Every member of the item's chats learns the chat changed (the header's badge). */
export async function announceItemChats(db: Db, emit: Emit, itemId: string, sellerId: string) {
  for (const { chatId, buyerId } of await itemChats(db, itemId)) {
    const event: LiveEvent = { type: "deal.updated", data: { chatId } };
    emit({ userId: buyerId, event });
    emit({ userId: sellerId, event });
  }
}
