/** Sharing an item (issue 20): the preview title and the 'Share on WhatsApp' link. Zod-free and small. */

export const SHARE_ON_WHATSAPP = "Share on WhatsApp";

/** A price as the previews write it: the rupee sign and Indian digit grouping (₹1,250). */
export function rupeesText(price: number): string {
  return `₹${price.toLocaleString("en-IN")}`;
}

/** The preview title of an item: '{name} · ₹{price}'. */
export function itemShareTitle(name: string, price: number): string {
  return `${name} · ${rupeesText(price)}`;
}

/** The 'Share on WhatsApp' link: the title and the item's address, through wa.me. */
export function whatsAppShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}
