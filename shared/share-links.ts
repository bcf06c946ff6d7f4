/** Sharing an item (issue 20): the preview title and the 'Share on WhatsApp' link. Zod-free and small. */

import { formatRupees } from "./rupees";

export const SHARE_ON_WHATSAPP = "Share on WhatsApp";

/** The preview title of an item: '{name} · ₹{price}'. */
export function itemShareTitle(name: string, price: number): string {
  return `${name} · ${formatRupees(price)}`;
}

/** The 'Share on WhatsApp' link: the title and the item's address, through wa.me. */
export function whatsAppShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}
