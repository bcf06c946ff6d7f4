/**
 * The accepted price as the deal's price (issue 37) in a chat, in its own small module: the chat
 * thread reads it without the rest of the deals' texts. The cards' 'Listed at ₹700' is
 * web/components/item-card/item-price.tsx's own, as every page's first script carries it.
 */

import { formatRupees } from "./rupees";

/** The accepted price as the deal's price: the chat's line and header. */
export const DEAL_PRICE_TEXTS = {
  /** The chat's line when an offer is accepted, and so the chat list's last line. */
  offerAccepted: (price: number) => `Offer accepted: ${formatRupees(price)}`,
  /** The chat header, to the buyer the item is held for. */
  reservedForYou: (price: number) => `Reserved for you at ${formatRupees(price)}`,
  /** The chat header, to the seller, in the chat with the buyer it is held for. */
  reservedFor: (name: string, price: number) => `Reserved for ${name} at ${formatRupees(price)}`,
} as const;
