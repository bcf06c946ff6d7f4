import { RATING_DAYS } from "@shared/deals-constants";
import type { UserRow } from "../../db/schema";

/*
 * Who may offer, counter, accept, decline, withdraw, reserve, sell and rate: the deals' rules in one
 * place. The items' abilities (items.policy.ts) and the chats' (chats.policy.ts) are built from them.
 */

type Viewer = Pick<UserRow, "id">;

/** What offers and reservations depend on. */
export type DealFacts = {
  sellerId: string;
  isActive: boolean;
  isSold: boolean;
  isNegotiable: boolean;
  reservedForId: string | null;
  reservedUntil: Date | null;
  /** Set once the listing lapsed unsold (the listings job). */
  expiredAt?: Date | null;
  /** The end of its 30 days; past it the listing is expired even before the job runs. */
  expiresAt?: Date | null;
};

/** The listing lapsed unsold: no longer on the marketplace until the seller renews it. */
export function isListingExpired(
  item: Pick<DealFacts, "isSold" | "expiredAt" | "expiresAt">,
  now = new Date(),
) {
  if (item.isSold) return false;
  return Boolean(item.expiredAt) || (item.expiresAt ? item.expiresAt <= now : false);
}

/** An accepted offer holds the item for one buyer until the reservation lapses. */
export function reservedFor(item: Pick<DealFacts, "reservedForId" | "reservedUntil">, now = new Date()) {
  return item.reservedForId && item.reservedUntil && item.reservedUntil > now ? item.reservedForId : null;
}

/** The viewer is the item's seller. */
export function isSellerOf(viewer: Viewer, item: Pick<DealFacts, "sellerId">): boolean {
  return viewer.id === item.sellerId;
}

/**
 * Why the viewer may not make an offer on the item, or null when they may: only a buyer, on a
 * negotiable item for sale that is not reserved for someone else.
 */
export function offerRefusal(
  viewer: Viewer,
  item: DealFacts,
): "own" | "sold" | "expired" | "reserved" | "fixed" | null {
  if (isSellerOf(viewer, item)) return "own";
  if (isListingExpired(item)) return "expired";
  if (item.isSold || !item.isActive) return "sold";
  const holder = reservedFor(item);
  if (holder && holder !== viewer.id) return "reserved";
  if (!item.isNegotiable) return "fixed";
  return null;
}

export function canOfferOnItem(viewer: Viewer, item: DealFacts): boolean {
  return offerRefusal(viewer, item) === null;
}

/** The sides of an item chat's deal: the item's seller and the chat's other member. */
export interface DealSides {
  sellerId: string;
  buyerId: string;
}

/** In an item's chat, only its buyer makes offers (the item's own rules: offerRefusal). */
export function isDealBuyer(viewer: Viewer, deal: DealSides): boolean {
  return viewer.id === deal.buyerId;
}

/** Only the seller counters, and only a buyer's pending offer. */
export function isDealSeller(viewer: Viewer, deal: DealSides): boolean {
  return viewer.id === deal.sellerId;
}

/** Who made an offer: the seller made a counter, the buyer every other one. */
export function offerMaker(offer: { isCounter: boolean }, deal: DealSides): string {
  return offer.isCounter ? deal.sellerId : deal.buyerId;
}

/** The side that did not make an offer accepts or declines it. */
export function canAnswerOffer(viewer: Viewer, offer: { isCounter: boolean }, deal: DealSides): boolean {
  return viewer.id !== offerMaker(offer, deal);
}

/** The buyer withdraws their own offer; a counter is the seller's and cannot be withdrawn. */
export function canWithdrawOffer(viewer: Viewer, offer: { isCounter: boolean }, deal: DealSides): boolean {
  return !offer.isCounter && isDealBuyer(viewer, deal);
}

/** The seller releases a reservation while it holds. */
export function canReleaseReservation(viewer: Viewer, item: DealFacts): boolean {
  return isSellerOf(viewer, item) && item.isActive && reservedFor(item) !== null;
}

/** Only the seller marks an item sold, once. */
export function canMarkItemSold(viewer: Viewer, item: Pick<DealFacts, "sellerId" | "isActive">): boolean {
  return isSellerOf(viewer, item) && item.isActive;
}

/** Only the seller sees who may be named the buyer ('Who bought it?'). */
export function canListItemBuyers(viewer: Viewer, item: Pick<DealFacts, "sellerId">): boolean {
  return isSellerOf(viewer, item);
}

type Sale = { sellerId: string; buyerId: string | null; isSold: boolean; soldAt: Date | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The other side of the viewer's deal, or null when the viewer was not a side of it. */
export function counterpartOfDeal(viewer: Viewer, deal: Sale): string | null {
  if (!deal.isSold || !deal.buyerId) return null;
  if (viewer.id === deal.sellerId) return deal.buyerId;
  if (viewer.id === deal.buyerId) return deal.sellerId;
  return null;
}

/** A sale is rated within 14 days of it. */
export function isWithinRatingDays(soldAt: Date, now = new Date()): boolean {
  return now.getTime() - soldAt.getTime() < RATING_DAYS * DAY_MS;
}

/** Either side of a sale rates the other within 14 days of it (once: the unique index decides). */
export function canRateDeal(viewer: Viewer, deal: Sale, now = new Date()): boolean {
  if (!counterpartOfDeal(viewer, deal) || !deal.soldAt) return false;
  return isWithinRatingDays(deal.soldAt, now);
}

/** The administrator removes a rating that breaks the rules. */
export function canRemoveRating(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

/**
 * Only the buyer the item is reserved for sees its pickup code; never its seller (who must hear it
 * from the buyer at the handover) and never anyone else.
 */
export function canSeePickupCode(viewer: Viewer, item: DealFacts, now = new Date()): boolean {
  return !isSellerOf(viewer, item) && item.isActive && !item.isSold && reservedFor(item, now) === viewer.id;
}

/** Only the seller confirms a handover, with the code the reserved buyer shows. */
export function canConfirmHandover(viewer: Viewer, item: Pick<DealFacts, "sellerId">): boolean {
  return isSellerOf(viewer, item);
}
