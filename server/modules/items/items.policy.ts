import type { ItemAbilities } from "@shared/api/items";
import { LISTING_WARNING_DAYS } from "@shared/listing-texts";
import type { UserRow } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

type Viewer = Pick<UserRow, "id">;
type ItemFacts = { sellerId: string; isActive: boolean; isSold?: boolean };
/** What offers and reservations depend on. */
type DealFacts = ItemFacts & {
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

/**
 * Why the viewer may not make an offer on the item, or null when they may: only a buyer, on a
 * negotiable item for sale that is not reserved for someone else.
 */
export function offerRefusal(
  viewer: Viewer,
  item: DealFacts,
): "own" | "sold" | "expired" | "reserved" | "fixed" | null {
  if (isItemSeller(viewer, item)) return "own";
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

/** The seller releases a reservation while it holds. */
export function canReleaseReservation(viewer: Viewer, item: DealFacts): boolean {
  return isItemSeller(viewer, item) && item.isActive && reservedFor(item) !== null;
}

/**
 * Who may do what with an item through the student API. The administrator has no more rights here
 * than any other student; it removes posts through the admin API.
 */
export function isItemSeller(viewer: Viewer, item: Pick<ItemFacts, "sellerId">): boolean {
  return viewer.id === item.sellerId;
}

/** Only the seller edits, and only while the item is for sale. */
export function canEditItem(viewer: Viewer, item: ItemFacts): boolean {
  return isItemSeller(viewer, item) && item.isActive;
}

/** Only the seller marks an item sold, once. */
export function canMarkItemSold(viewer: Viewer, item: ItemFacts): boolean {
  return isItemSeller(viewer, item) && item.isActive;
}

/** Only the seller deletes their item, sold or not. */
export function canDeleteItem(viewer: Viewer, item: Pick<ItemFacts, "sellerId">): boolean {
  return isItemSeller(viewer, item);
}

/** Nobody contacts themselves about their own item. */
export function canContactSeller(viewer: Viewer, item: Pick<ItemFacts, "sellerId">): boolean {
  return !isItemSeller(viewer, item);
}

/** Favourites are for other students' items only; the API refuses one's own. */
export function canFavouriteItem(viewer: Viewer, item: Pick<ItemFacts, "sellerId">): boolean {
  return !isItemSeller(viewer, item);
}

/** Anyone but the seller reports an item (the reports service refuses one's own listing too). */
export function canReportItem(viewer: Viewer, item: Pick<ItemFacts, "sellerId">): boolean {
  return !isItemSeller(viewer, item);
}

/** The administrator removes any post that breaks the rules (the admin API), and tells its seller. */
export function canRemoveItem(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

/**
 * Renewal is due in a listing's last LISTING_WARNING_DAYS days or once it lapsed: a fresh listing
 * cannot be renewed to jump back to the top of newest first.
 */
export function isRenewalDue(
  item: Pick<DealFacts, "isActive" | "isSold" | "expiredAt" | "expiresAt">,
  now = new Date(),
): boolean {
  if (!item.isActive || isListingExpired(item, now) || !item.expiresAt) return true;
  return item.expiresAt.getTime() - now.getTime() <= LISTING_WARNING_DAYS * DAY_MS;
}

/** Only the seller renews their listing, when its renewal is due, never a sold one. */
export function canRenewItem(
  viewer: Viewer,
  item: ItemFacts & Pick<DealFacts, "expiredAt" | "expiresAt">,
): boolean {
  return isItemSeller(viewer, item) && !item.isSold && isRenewalDue({ ...item, isSold: false });
}

/** The viewer's abilities sent with every item (Outline's presentPolicies). */
export function itemAbilities(viewer: Viewer, item: DealFacts): ItemAbilities {
  return {
    canEdit: canEditItem(viewer, item),
    canMarkSold: canMarkItemSold(viewer, item),
    canDelete: canDeleteItem(viewer, item),
    canContact: canContactSeller(viewer, item),
    canFavourite: canFavouriteItem(viewer, item),
    canReport: canReportItem(viewer, item),
    canOffer: canOfferOnItem(viewer, item),
    canRelease: canReleaseReservation(viewer, item),
    canRenew: canRenewItem(viewer, item),
  };
}
