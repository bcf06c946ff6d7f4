import type { UserRow } from "../../db/schema";

/** Only the seller edits, marks as sold or deletes their item (the admin has its own routes). */
export function canManageItem(user: Pick<UserRow, "id">, item: { sellerId: string }): boolean {
  return user.id === item.sellerId;
}

/** Nobody contacts themselves about their own item. */
export function canContactSeller(user: Pick<UserRow, "id">, item: { sellerId: string }): boolean {
  return user.id !== item.sellerId;
}
