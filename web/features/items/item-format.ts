import type { BrowseSort } from "@shared/api/items";
import { CATEGORIES, type Category } from "@shared/constants";
import { capitalise } from "../../lib/item-labels";

export const CATEGORY_OPTIONS: { value: Category; label: string }[] = CATEGORIES.map((value) => ({
  value,
  label: capitalise(value),
}));

export const SORT_OPTIONS: { value: BrowseSort; label: string }[] = [
  { value: "newest", label: "Newest First" },
  { value: "oldest", label: "Oldest First" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
];

/** Where "Message Seller" and "Contact Seller" lead: the messages page opens or creates the chat. */
export function messageSellerPath(sellerId: string, itemId: string): string {
  const params = new URLSearchParams({ userId: sellerId, itemId });
  return `/messages?${params}`;
}

export function followersLabel(count: number): string {
  return count === 1 ? "1 follower" : `${count} followers`;
}
