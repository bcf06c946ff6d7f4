import type { ItemAbilities } from "@shared/api/items";
import type { UserRow } from "../../db/schema";

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

/**
 * The page offers favourites on other students' items only; the API still accepts one's own, as a
 * favourite harms nobody.
 */
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

/** Only the seller renews their listing, active or expired, never a sold one. */
export function canRenewItem(viewer: Viewer, item: ItemFacts): boolean {
  return isItemSeller(viewer, item) && !item.isSold;
}

/** The viewer's abilities sent with every item (Outline's presentPolicies). */
export function itemAbilities(viewer: Viewer, item: ItemFacts): ItemAbilities {
  return {
    canEdit: canEditItem(viewer, item),
    canMarkSold: canMarkItemSold(viewer, item),
    canDelete: canDeleteItem(viewer, item),
    canContact: canContactSeller(viewer, item),
    canFavourite: canFavouriteItem(viewer, item),
    canReport: canReportItem(viewer, item),
    canRenew: canRenewItem(viewer, item),
  };
}
