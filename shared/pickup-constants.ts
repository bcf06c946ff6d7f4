/** Texts and limits of the pickup code and 'Confirm handover'; without zod, for the pages too. */

import { CAMPUS_TIME_ZONE } from "./constants";

export const PICKUP_CODE_LENGTH = 4;
/** Wrong codes in a row before 'Confirm handover' locks. */
export const PICKUP_MAX_WRONG = 5;
/** How long it stays locked. */
export const PICKUP_LOCK_MINUTES = 60;

/** The time a lock ends, as people read it in India: '4:35 pm'. */
export function formatUnlockTime(date: Date): string {
  return new Intl.DateTimeFormat("en-IN", {
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: CAMPUS_TIME_ZONE,
  })
    .format(date)
    .toLowerCase();
}

export const PICKUP_TEXTS = {
  cardTitle: "Pickup code",
  cardHelp: "Show this code to the seller when you collect the item.",
  confirmHandover: "Confirm handover",
  sellerPrompt: (buyer: string) => `Meeting ${buyer}? Ask for their pickup code.`,
  dialogHelp: "Ask the buyer for the 4-digit pickup code shown in their chat.",
  codeLabel: "Pickup code",
  codeFormat: "Enter the 4-digit pickup code.",
  wrongCode: (left: number) =>
    `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left before it locks for an hour.`,
  locked: (until: Date) =>
    `Too many wrong codes. Confirm handover is locked until ${formatUnlockTime(until)}; try again then.`,
  onlyBuyerSees: "Only the buyer this item is reserved for can see its pickup code.",
  onlySellerConfirms: "Only the seller can confirm the handover.",
  notReserved: "This item is not reserved, so there is no pickup code. Use Mark as Sold instead.",
  noCode: "This reservation has no pickup code. Use Mark as Sold instead.",
  handedOver: "Handover confirmed: the item is sold.",
  loadFailed: "Could not load the pickup code.",
} as const;
