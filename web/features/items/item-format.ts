import { CATEGORIES, type Category } from "@shared/constants";
import type { BrowseSort } from "@shared/items-constants";

/** "like new" -> "Like New": categories and conditions are stored lower-case and shown capitalised. */
export function capitalise(value: string): string {
  return value.replace(/\b\w/g, (letter) => letter.toUpperCase());
}

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

const postedDateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "23 Nov 2026"; an unreadable date shows nothing rather than "Invalid Date". */
export function formatPostedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : postedDateFormat.format(date);
}

/** Where "Message Seller" and "Contact Seller" lead: the messages page opens or creates the chat. */
export function messageSellerPath(sellerId: string, itemId: string): string {
  const params = new URLSearchParams({ userId: sellerId, itemId });
  return `/messages?${params}`;
}

export function followersLabel(count: number): string {
  return count === 1 ? "1 follower" : `${count} followers`;
}
