import type { ItemBuyersResponse } from "@shared/api/deals";
import { DEAL_MESSAGES, DEAL_NOTICES, ratingLink } from "@shared/deals-constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { loadItem, toItemDto } from "../items/items.service";
import { addNotification } from "../notifications/notifications.service";
import { announceItemChats, itemChats, postDealLine } from "./deal-lines";
import {
  canListItemBuyers,
  canMarkItemSold,
  canReleaseReservation,
  isSellerOf,
  reservedFor,
} from "./deals.policy";
import * as repo from "./deals.repository";
import { closeOffersOfSoldItem } from "./offers.service";

/*
 * Reservations and sales of an item: 'Mark as Sold' with 'Who bought it?', 'Release Reservation',
 * and the reservations' deadlines. Each answers with the item as the items' routes do.
 */

type Emit = (event: PendingEvent) => void;

const notYourItem = () => new AppError("forbidden", SELL_MESSAGES.notYourItem);

/**
 * 'Mark as Sold', then 'Who bought it?': the buyer must be one the dialog offers, someone who wrote
 * or made an offer in a chat about the item (or null, 'Someone else'). Every other buyer with a
 * chat about it gets the line 'This item has been sold.' and a notification; the buyer and the
 * seller are asked to rate each other.
 */
export async function markSold(ctx: AppContext, user: UserRow, id: string, buyerId: string | null = null) {
  const { item } = await loadItem(ctx, id);
  if (!canMarkItemSold(user, item)) {
    if (!isSellerOf(user, item)) throw notYourItem();
    throw new AppError("conflict", "This item is already sold.");
  }
  await transactionWithEvents(ctx, (tx, emit) => recordSale(tx, emit, user, item, buyerId));
  return toItemDto(await loadItem(ctx, id), user);
}

/**
 * Records the sale of the seller's item to `buyerId` (null: 'Someone else') inside the caller's
 * transaction, once: the conditional update refuses an item already sold. The other buyers' chats
 * get 'This item has been sold.', the pending offers close, the pickup code goes, and the buyer and
 * the seller are asked to rate each other. 'Mark as Sold' and 'Confirm handover' both end here.
 */
export async function recordSale(
  tx: Db,
  emit: Emit,
  seller: Pick<UserRow, "id" | "name">,
  item: { id: string; sellerId: string; productName: string },
  buyerId: string | null,
): Promise<void> {
  const id = item.id;
  const chatsOfItem = await itemChats(tx, id);
  const soldChat = buyerId
    ? (await repo.findItemChatBuyers(tx, id, item.sellerId)).find((chat) => chat.buyerId === buyerId)
    : undefined;
  if (buyerId && !soldChat) throw new AppError("invalid_input", DEAL_MESSAGES.buyerNeverChatted);
  if (!(await repo.markItemSoldTo(tx, id, buyerId, new Date())))
    throw new AppError("conflict", "This item is already sold.");
  await repo.deletePickupCode(tx, id);
  await closeOffersOfSoldItem(tx, emit, id);
  for (const chat of chatsOfItem) {
    if (chat.buyerId === buyerId) continue;
    await postDealLine(tx, emit, chat.chatId, seller.id, DEAL_MESSAGES.nowSold);
    await addNotification(tx, emit, {
      userId: chat.buyerId,
      type: "deal",
      text: DEAL_NOTICES.sold(item.productName),
      chatId: chat.chatId,
      itemId: id,
    });
  }
  if (soldChat && buyerId) {
    const buyerName = await repo.findUserName(tx, buyerId);
    for (const { to, about } of [
      { to: buyerId, about: seller.name },
      { to: seller.id, about: buyerName ?? "the buyer" },
    ]) {
      await addNotification(tx, emit, {
        userId: to,
        type: "deal",
        text: DEAL_NOTICES.rate(about),
        chatId: soldChat.chatId,
        link: ratingLink(soldChat.chatId),
        itemId: id,
        fromUserId: to === buyerId ? seller.id : buyerId,
      });
      emit({ userId: to, event: { type: "deal.updated", data: { chatId: soldChat.chatId } } });
    }
  }
}

/** 'Release Reservation': the item is available again and the buyer is told. */
export async function releaseReservation(ctx: AppContext, user: UserRow, id: string) {
  const { item } = await loadItem(ctx, id);
  if (!isSellerOf(user, item)) throw notYourItem();
  if (!canReleaseReservation(user, item)) throw new AppError("conflict", DEAL_MESSAGES.notReserved);
  await transactionWithEvents(ctx, async (tx, emit) => {
    const buyerId = await repo.clearReservation(tx, id);
    if (!buyerId) throw new AppError("conflict", DEAL_MESSAGES.notReserved);
    // The buyer's pickup code goes with the reservation.
    await repo.deletePickupCode(tx, id);
    const chat = (await itemChats(tx, id)).find((row) => row.buyerId === buyerId);
    await addNotification(tx, emit, {
      userId: buyerId,
      type: "deal",
      text: DEAL_NOTICES.released(user.name, item.productName),
      chatId: chat?.chatId ?? null,
      itemId: id,
      fromUserId: user.id,
    });
    await announceItemChats(tx, emit, id, item.sellerId);
  });
  return toItemDto(await loadItem(ctx, id), user);
}

/**
 * 'Who bought it?': the people who wrote or made an offer about the seller's item, the reserved
 * buyer first.
 */
export async function listItemBuyers(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<ItemBuyersResponse> {
  const { item } = await loadItem(ctx, id);
  if (!canListItemBuyers(user, item)) throw notYourItem();
  const holder = reservedFor(item);
  const rows = await repo.findItemChatBuyers(ctx.db, id, item.sellerId);
  const buyers = rows.map((row) => ({
    id: row.buyerId,
    name: row.name,
    isReservedFor: row.buyerId === holder,
  }));
  buyers.sort((a, b) => Number(b.isReservedFor) - Number(a.isReservedFor));
  return { buyers };
}

/**
 * Reservations past their three days lapse (the item is available again; both sides are told), and
 * sellers are reminded the day before. Each row changes once: the claiming updates skip rows another
 * instance holds, and only the instance whose update returned a row sends the notifications.
 */
export async function runReservationDeadlines(
  ctx: Pick<AppContext, "db" | "bus" | "log">,
): Promise<{ lapsed: number; reminded: number }> {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const lapsed = await repo.lapseReservations(tx);
    for (const row of lapsed) {
      await repo.deletePickupCode(tx, row.id);
      for (const userId of [row.buyerId, row.sellerId]) {
        await addNotification(tx, emit, {
          userId,
          type: "deal",
          text: DEAL_NOTICES.lapsed(row.name),
          itemId: row.id,
        });
      }
      await announceItemChats(tx, emit, row.id, row.sellerId);
    }
    const reminded = await repo.remindReservations(tx);
    for (const row of reminded) {
      await addNotification(tx, emit, {
        userId: row.sellerId,
        type: "deal",
        text: DEAL_NOTICES.reminder(row.name),
        itemId: row.id,
      });
    }
    return { lapsed: lapsed.length, reminded: reminded.length };
  });
}
