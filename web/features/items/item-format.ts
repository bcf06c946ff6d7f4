import { CATEGORIES, type Category } from "@shared/constants";
import type { BrowseSort } from "@shared/items-constants";
import { capitalise } from "../../lib/item-labels";

export const CATEGORY_OPTIONS: { value: Category; label: string }[] = CATEGORIES.map((value) => ({
  value,
  label: capitalise(value),
}));

/** The sort selector's options: the spec's four, and 'Best match' first while a search is typed. */
export function sortOptions(search: string): { value: BrowseSort; label: string }[] {
  return search.trim() ? [{ value: "best-match", label: "Best match" }, ...SORT_OPTIONS] : SORT_OPTIONS;
}

const SORT_OPTIONS: { value: BrowseSort; label: string }[] = [
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

/** A listing's age in a card's few characters: 'now', '12m', '5h', '3d', '6w'. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const minutes = Math.max(0, Math.floor((now - then) / 60_000));
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  return days < 7 ? `${days}d` : `${Math.floor(days / 7)}w`;
}
