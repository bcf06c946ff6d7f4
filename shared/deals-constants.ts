/** Texts and limits of offers, reservations, sales and ratings; without zod, for the pages too. */

import { formatRupees } from "./rupees";

export const OFFER_HOURS = 48;
export const RESERVATION_DAYS = 3;
export const RATING_DAYS = 14;
export const RATING_COMMENT_MAX_LENGTH = 300;
/** A profile shows the average from this many ratings on. */
export const RATINGS_SHOWN_FROM = 3;

export const DEAL_MESSAGES = {
  sold: "This item has already been sold.",
  listingExpired: "This listing has expired.",
  reservedForOther: "This item is reserved for another buyer.",
  fixedPrice: "Fixed price",
  negotiable: "Price is negotiable",
  makeOffer: "Make Offer",
  onlyBuyerOffers: "Only the buyer can make an offer here.",
  notNegotiable: "This item has a fixed price.",
  offerNotFound: "Offer not found.",
  offerNotPending: "This offer has already been answered.",
  offerExpired: "This offer has expired.",
  notYourOffer: "Only the other side can answer this offer.",
  onlySellerCounters: "Only the seller can counter an offer.",
  onlyBuyerWithdraws: "Only the buyer who made an offer can withdraw it.",
  nowReserved: "This item is now reserved.",
  nowSold: "This item has been sold.",
  reservationReleased: "The reservation was released: the item is available again.",
  notReserved: "This item is not reserved.",
  whoBought: "Who bought it?",
  someoneElse: "Someone else",
  /** A buyer must have written or made an offer in a chat about the item: opening one is not enough. */
  buyerNeverChatted: "Choose someone who wrote to you or made an offer about this item.",
  cannotRate: "You can rate only the other side of a sale, within 14 days.",
  alreadyRated: "You have already rated this deal.",
  badStars: "Please choose 1 to 5 stars.",
  ratingNotFound: "Rating not found.",
  newOnCampus: "New on Campus Bazaar",
  releaseReservation: "Release Reservation",
  hideReserved: "Hide reserved",
  reserved: "Reserved",
} as const;

/**
 * An offer's states, the one list the database's check, the API's schema and the live payloads
 * are built from.
 */
export const OFFER_STATUSES = [
  "pending",
  "accepted",
  "declined",
  "countered",
  "withdrawn",
  "expired",
  "replaced",
  /** Its item was sold while it was pending: no longer answerable. */
  "closed",
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATUS_LABELS = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  countered: "Countered",
  withdrawn: "Withdrawn",
  expired: "Expired",
  replaced: "Replaced",
  /** Closed by the sale of its item: the bubble says so. */
  closed: "This item has been sold.",
} as const satisfies Record<OfferStatus, string>;

/** The notifications a deal's changes make. */
export const DEAL_NOTICES = {
  accepted: (name: string, price: number, item: string) =>
    `${name} accepted your offer of ${formatRupees(price)} for ${item}.`,
  declined: (name: string, price: number, item: string) =>
    `${name} declined your offer of ${formatRupees(price)} for ${item}.`,
  countered: (name: string, price: number, item: string) =>
    `${name} countered your offer with ${formatRupees(price)} for ${item}.`,
  withdrawn: (name: string, price: number, item: string) =>
    `${name} withdrew their offer of ${formatRupees(price)} for ${item}.`,
  expired: (price: number, item: string) => `The offer of ${formatRupees(price)} for ${item} expired.`,
  released: (name: string, item: string) =>
    `${name} released the reservation of ${item}; it is available again.`,
  lapsed: (item: string) => `The reservation of ${item} lapsed; it is available again.`,
  reminder: (item: string) => `The reservation of ${item} lapses tomorrow. Mark it as sold or release it.`,
  sold: (item: string) => `${item} has been sold.`,
  /** The rating prompt after a sale to a chat partner ('Rate Kunal'); it opens the chat's rating. */
  rate: (name: string) => `Rate ${name}`,
} as const;

/** Where the rating prompt leads: the chat, with its rating dialog open. */
export function ratingLink(chatId: string): string {
  return `/messages?chatId=${encodeURIComponent(chatId)}&rate=1`;
}

/** 'Usually replies within ...' from a median first-reply time in minutes; none beyond a day. */
export function replyTimeLabel(minutes: number): string | null {
  if (minutes <= 60) return "Usually replies within an hour";
  if (minutes <= 6 * 60) return "Usually replies within a few hours";
  if (minutes <= 24 * 60) return "Usually replies within a day";
  return null;
}

/** '4.8 ★ · 12 ratings', or 'New on Campus Bazaar' below three ratings. */
export function ratingLabel(summary: { average: number | null; count: number }): string {
  if (summary.average === null || summary.count < RATINGS_SHOWN_FROM) return DEAL_MESSAGES.newOnCampus;
  return `${summary.average.toFixed(1)} ★ · ${summary.count} ${summary.count === 1 ? "rating" : "ratings"}`;
}
