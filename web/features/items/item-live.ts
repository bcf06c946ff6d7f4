/**
 * After 'Post Item for Sale' the student goes to /buy (the spec) with the new item in the page's
 * history state: browse then says 'Your item is live!' and brings the item into view.
 */
export interface PostedItem {
  id: string;
  productName: string;
  price: number;
}

/** The router state that carries the item just posted. */
export function postedItemState(item: PostedItem): { postedItem: PostedItem } {
  return { postedItem: { id: item.id, productName: item.productName, price: item.price } };
}

/** The item just posted, from the router state of /buy; null for any other arrival. */
export function postedItemOf(state: unknown): PostedItem | null {
  if (typeof state !== "object" || state === null) return null;
  const item = (state as { postedItem?: Partial<PostedItem> }).postedItem;
  if (!item || typeof item.id !== "string" || typeof item.productName !== "string") return null;
  if (typeof item.price !== "number") return null;
  return { id: item.id, productName: item.productName, price: item.price };
}
