/**
 * Freshness, price-drop and saved-search constants and texts (issue 20, binding). The server's,
 * and the pages' that load on demand (saved searches); first-paint pages import nothing from here.
 */

import { PHOTO_TEXTS } from "./photo-texts";
import { formatRupees } from "./rupees";
import { SHARE_ON_WHATSAPP } from "./share-links";
import { MAX_ITEM_PHOTOS } from "./validation/sell";

export { MAX_ITEM_PHOTOS };
/** A saved search's name, at most this long. */
export const SAVED_SEARCH_NAME_MAX_LENGTH = 60;
/** A listing stays active this many days from posting or its last renewal. */
export const LISTING_ACTIVE_DAYS = 30;
/** The seller is told this many days before a listing lapses. */
export const LISTING_WARNING_DAYS = 3;
/** Active listings one student may have at once. */
export const MAX_ACTIVE_LISTINGS = 50;
/** Saved searches one student may keep. */
export const MAX_SAVED_SEARCHES = 20;

export const LISTING_TEXTS = {
  ...PHOTO_TEXTS,
  activeCap: `You can have at most ${MAX_ACTIVE_LISTINGS} active listings. Mark sold or delete some first.`,
  expiresSoon: (name: string) => `Your listing ${name} expires in ${LISTING_WARNING_DAYS} days.`,
  /** The notice of a listing that lapsed before its warning could go out (the server was down). */
  hasExpired: (name: string) => `Your listing ${name} has expired.`,
  expired: "Expired",
  renew: "Renew",
  notExpiring: "Only an active or expired listing of yours can be renewed.",
  notDue: `This listing is still fresh: you can renew it in its last ${LISTING_WARNING_DAYS} days or once it has expired.`,
  priceDropped: (name: string, price: number, old: number) =>
    `Price dropped: ${name} is now ${formatRupees(price)} (was ${formatRupees(old)}).`,
  shareOnWhatsApp: SHARE_ON_WHATSAPP,
  signInToContact: "Sign in to contact the seller",
  createAccount: "Create Free Account",
  saveSearch: "Save Search",
  savedSearches: "Saved searches",
  savedSearchSaved: "Search saved. We'll tell you when new items match.",
  savedSearchCap: `You can save at most ${MAX_SAVED_SEARCHES} searches. Delete one first.`,
  savedSearchNotFound: "Saved search not found",
  savedSearchEmpty: "Save a search on Buy to hear about new items that match it.",
  view: "View",
  delete: "Delete",
  savedSearchAlert: (count: number, name: string, college: string) =>
    `${count} new item${count === 1 ? "" : "s"} for "${name}"${college ? ` at ${college}` : ""}`,
} as const;
