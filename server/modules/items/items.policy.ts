import type { ItemAbilities } from "@shared/api/items";
import { LISTING_WARNING_DAYS } from "@shared/listing-texts";
import type { UserRow } from "../../db/schema";
import {
  canMarkItemSold,
  canOfferOnItem,
  canReleaseReservation,
  type DealFacts,
  isListingExpired,
} from "../deals/deals.policy";

const DAY_MS = 24 * 60 * 60 * 1000;

type Viewer = Pick<UserRow, "id">;
type ItemFacts = { sellerId: string; isActive: boolean; isSold?: boolean };

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
