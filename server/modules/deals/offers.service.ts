import { CHAT_MESSAGES, type OfferAction } from "@shared/api/chats";
import { DEAL_PRICE_TEXTS } from "@shared/deal-price-texts";
import { DEAL_MESSAGES, DEAL_NOTICES, OFFER_HOURS, RESERVATION_DAYS } from "@shared/deals-constants";
import { formatRupees } from "@shared/rupees";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import {
  DuplicateMessage,
  findChatMessage,
  findSentMessage,
  insertChatMessage,
  loadChatToAct,
  toMessageDto,
  toOfferEvents,
} from "../chats/deal-chat.service";
import { addNotification } from "../notifications/notifications.service";
import { itemChats, postDealLine } from "./deal-lines";
import {
  canAnswerOffer,
  canWithdrawOffer,
  isDealBuyer,
  isDealSeller,
  isListingExpired,
  offerMaker,
  offerRefusal,
  reservedFor,
} from "./deals.policy";
import * as repo from "./deals.repository";
import { issuePickupCode } from "./pickup-code";

type Emit = (event: PendingEvent) => void;

/** Refusals of an offer on an item, in the product's binding words. */
function refuse(reason: ReturnType<typeof offerRefusal>): never {
  switch (reason) {
    case "sold":
      throw new AppError("conflict", DEAL_MESSAGES.sold);
    case "expired":
      throw new AppError("conflict", DEAL_MESSAGES.listingExpired);
    case "reserved":
      throw new AppError("conflict", DEAL_MESSAGES.reservedForOther);
    case "fixed":
      throw new AppError("conflict", DEAL_MESSAGES.notNegotiable);
    default:
      throw new AppError("forbidden", DEAL_MESSAGES.onlyBuyerOffers);
  }
}

/** The chat, its members and its item (locked, so offers, accepts and sales on it take turns). */
async function loadDeal(tx: Db, user: UserRow, chatId: string) {
  const { chat, members } = await loadChatToAct(tx, user, chatId);
  if (chat.kind !== "item" || !chat.itemId || !chat.sellerId)
    throw new AppError("conflict", DEAL_MESSAGES.sold);
  const item = await repo.lockItem(tx, chat.itemId);
  if (!item) throw new AppError("conflict", DEAL_MESSAGES.sold);
  const buyerId = members.find((id) => id !== chat.sellerId);
  if (!buyerId) throw new AppError("conflict", CHAT_MESSAGES.chatNotFound);
  return { chat, members, item, buyerId, chatSides: { sellerId: chat.sellerId, buyerId } };
}

/** Both members' open threads show the offer's new state from the frame (offer.updated). */
function emitOfferState(emit: Emit, members: readonly string[], offer: repo.OfferRow): void {
  for (const event of toOfferEvents(offer, members)) emit(event);
}

/** Ends the chat's pending offer (a new offer replaces it, a counter counters it). */
async function closePending(
  tx: Db,
  emit: Emit,
  chatId: string,
  members: readonly string[],
  status: repo.OfferRow["status"],
) {
  const closed = await repo.closePendingOfferOfChat(tx, chatId, status);
  for (const offer of closed) emitOfferState(emit, members, offer);
  return closed[0];
}

/**
 * A buyer's offer, or the seller's counter to the pending offer: stored as an offer message with
 * its state (pending for 48 hours), replacing the chat's pending offer, with a notification to the
 * other side. A retry with the same clientId answers with the first copy.
 */
async function storeOffer(
  ctx: AppContext,
  sender: UserRow,
  chatId: string,
  clientId: string,
  price: number,
  isCounter: boolean,
  answering?: string,
) {
  const retried = await firstCopy(ctx, sender, chatId, clientId);
  if (retried) return retried;
  try {
    return await storeNewOffer(ctx, sender, chatId, clientId, price, isCounter, answering);
  } catch (error) {
    // A concurrent copy of the same send won the (sender, clientId) unique index: answer with it.
    const isCopy = error instanceof DuplicateMessage || isUniqueViolation(error);
    const copy = isCopy ? await firstCopy(ctx, sender, chatId, clientId) : undefined;
    if (copy) return copy;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The first copy of a retried offer, as the send answers it; undefined for a new clientId. */
async function firstCopy(ctx: AppContext, sender: UserRow, chatId: string, clientId: string) {
  const first = await findSentMessage(ctx.db, sender.id, clientId);
  if (!first) return undefined;
  if (first.chatId !== chatId) throw new AppError("conflict", "This message id was already used.");
  const offer = await repo.findOffer(ctx.db, first.id);
  return { message: toMessageDto(first, sender.id, offer), isNew: false };
}

async function storeNewOffer(
  ctx: AppContext,
  sender: UserRow,
  chatId: string,
  clientId: string,
  price: number,
  isCounter: boolean,
  answering?: string,
) {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const { chatSides, members, item, buyerId } = await loadDeal(tx, sender, chatId);
    if (isCounter) {
      if (!isDealSeller(sender, chatSides)) throw new AppError("forbidden", DEAL_MESSAGES.onlySellerCounters);
      const reason = offerRefusal({ id: buyerId }, item);
      if (reason === "sold" || reason === "expired" || reason === "reserved") refuse(reason);
      const pending = await repo.findPendingBuyerOffer(tx, chatId, answering);
      if (!pending || pending.expiresAt <= new Date()) {
        // One the offers job already marked expired says so too.
        const answered = answering ? await repo.findOfferStatus(tx, chatId, answering) : undefined;
        const isExpired = pending !== undefined || answered === "expired";
        throw new AppError("conflict", isExpired ? DEAL_MESSAGES.offerExpired : DEAL_MESSAGES.offerNotFound);
      }
      await closePending(tx, emit, chatId, members, "countered");
    } else {
      if (!isDealBuyer(sender, chatSides)) throw new AppError("forbidden", DEAL_MESSAGES.onlyBuyerOffers);
      const reason = offerRefusal(sender, item);
      if (reason) refuse(reason);
      await closePending(tx, emit, chatId, members, "replaced");
    }
    const text = `${isCounter ? "Countered" : "Offered"} ${formatRupees(price)}`;
    const expiresAt = new Date(Date.now() + OFFER_HOURS * 60 * 60 * 1000);
    const offerState = { status: "pending" as const, isCounter, expiresAt };
    // The notification goes with the message (the other side), as a message's does.
    const { message } = await insertChatMessage(
      tx,
      emit,
      { chatId, senderId: sender.id, clientId, type: "offer", text, offerPrice: price },
      {
        type: "offer",
        text: isCounter
          ? DEAL_NOTICES.countered(sender.name, price, item.productName)
          : `${sender.name} offered ${formatRupees(price)} for ${item.productName}`,
        fromName: sender.name,
      },
      // Both members' message.created frames carry the new offer's state.
      offerState,
    );
    await repo.insertOffer(tx, {
      id: message.id,
      chatId,
      itemId: item.id,
      buyerId,
      sellerId: item.sellerId,
      isCounter,
      price,
      expiresAt,
    });
    return { message: toMessageDto(message, sender.id, offerState), isNew: true };
  });
}

/** The buyer's offer (the send route's type 'offer'). */
export function makeOffer(ctx: AppContext, sender: UserRow, chatId: string, clientId: string, price: number) {
  return storeOffer(ctx, sender, chatId, clientId, price, false);
}

/** The seller's counter-offer to the buyer's pending offer. */
export function counterOffer(
  ctx: AppContext,
  seller: UserRow,
  chatId: string,
  offerId: string,
  clientId: string,
  price: number,
) {
  return storeOffer(ctx, seller, chatId, clientId, price, true, offerId);
}

/**
 * Accept, decline or withdraw an offer. The side that did not make it accepts or declines; the
 * buyer withdraws their own. Accepting reserves the item for the buyer for three days, once: the
 * item row is locked and reserved with a conditional update, so of two concurrent accepts one wins.
 */
export async function answerOffer(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
  offerId: string,
  action: OfferAction,
) {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const { chat, members, item, buyerId } = await loadDeal(tx, user, chatId);
    const offer = await repo.lockOfferOfChat(tx, chatId, offerId);
    if (!offer) throw new AppError("not_found", DEAL_MESSAGES.offerNotFound);
    // Past its 48 hours it has expired, whether or not the offers job has marked it yet.
    if (offer.status === "expired" || (offer.status === "pending" && offer.expiresAt <= new Date()))
      throw new AppError("conflict", DEAL_MESSAGES.offerExpired);
    if (offer.status !== "pending") throw new AppError("conflict", DEAL_MESSAGES.offerNotPending);
    const sides = { sellerId: item.sellerId, buyerId };
    const maker = offerMaker(offer, sides);
    if (action === "withdraw") {
      if (!canWithdrawOffer(user, offer, sides))
        throw new AppError("forbidden", DEAL_MESSAGES.onlyBuyerWithdraws);
    } else if (!canAnswerOffer(user, offer, sides)) {
      throw new AppError("forbidden", DEAL_MESSAGES.notYourOffer);
    }
    // Held for this buyer already (a new offer of theirs accepted): the reservation goes on, it does not start.
    const isReservationStart = action === "accept" && reservedFor(item) !== buyerId;
    if (action === "accept") {
      if (isListingExpired(item)) throw new AppError("conflict", DEAL_MESSAGES.listingExpired);
      if (item.isSold || !item.isActive) throw new AppError("conflict", DEAL_MESSAGES.sold);
      if (!(await repo.reserveItem(tx, item.id, buyerId, RESERVATION_DAYS, offer.price)))
        throw new AppError("conflict", DEAL_MESSAGES.reservedForOther);
      // The buyer's pickup code, read only by the buyer (GET /items/:id/pickup-code).
      await issuePickupCode(tx, item.id, buyerId, isReservationStart);
    }
    const status = action === "accept" ? "accepted" : action === "decline" ? "declined" : "withdrawn";
    const updated = await repo.setOfferStatus(tx, offer.id, status);
    if (!updated) throw new AppError("conflict", DEAL_MESSAGES.offerNotPending);
    emitOfferState(emit, members, updated);
    const notice =
      action === "accept"
        ? DEAL_NOTICES.accepted(user.name, offer.price, item.productName)
        : action === "decline"
          ? DEAL_NOTICES.declined(user.name, offer.price, item.productName)
          : DEAL_NOTICES.withdrawn(user.name, offer.price, item.productName);
    await addNotification(tx, emit, {
      userId: action === "withdraw" ? item.sellerId : maker,
      type: "deal",
      text: notice,
      chatId,
      itemId: item.id,
      fromUserId: user.id,
      offerPrice: offer.price,
    });
    if (action === "accept") {
      // The other chats get 'This item is now reserved.' only when a reservation starts.
      for (const other of await itemChats(tx, item.id)) {
        if (other.chatId === chat.id) {
          // 'Offer accepted: ₹650' in the thread and as the chat list's last line; the header's
          // deal price comes with the deal.updated frame both members get.
          await postDealLine(tx, emit, chatId, item.sellerId, DEAL_PRICE_TEXTS.offerAccepted(offer.price));
        } else if (isReservationStart) {
          await postDealLine(tx, emit, other.chatId, item.sellerId, DEAL_MESSAGES.nowReserved);
        }
      }
    }
    const message = await findChatMessage(tx, offer.id);
    if (!message) throw new AppError("not_found", DEAL_MESSAGES.offerNotFound);
    return { message: toMessageDto(message, user.id, updated) };
  });
}

/**
 * The item was sold: every pending offer and counter in its chats is closed in the sale's
 * transaction, so none can be answered (or expire and notify) afterwards; both sides' threads
 * fetch the new state.
 */
export async function closeOffersOfSoldItem(tx: Db, emit: Emit, itemId: string): Promise<number> {
  const closed = await repo.closePendingOffersOfItem(tx, itemId);
  for (const offer of closed) emitOfferState(emit, [offer.buyerId, offer.sellerId], offer);
  return closed.length;
}

/**
 * Pending offers past their 48 hours become 'Expired', each once: the claiming update skips rows
 * another instance holds, and only the instance whose update returned a row tells its members.
 */
export async function expireOffers(
  ctx: Pick<AppContext, "db" | "bus" | "log">,
  batch = 100,
): Promise<number> {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const expired = await repo.expireDueOffers(tx, batch);
    for (const offer of expired) {
      const members = [offer.buyerId, offer.sellerId];
      emitOfferState(emit, members, offer);
      const itemName = await repo.findItemName(tx, offer.itemId);
      await addNotification(tx, emit, {
        userId: offer.isCounter ? offer.sellerId : offer.buyerId,
        type: "deal",
        text: DEAL_NOTICES.expired(offer.price, itemName ?? "the item"),
        chatId: offer.chatId,
        itemId: offer.itemId,
        offerPrice: offer.price,
      });
    }
    return expired.length;
  });
}
