/**
 * The labels cards and profiles show (issue 36), apart from verification-constants so the pages
 * that only show them (browse, the landing page's listings) do not carry the Settings texts.
 */
export const VERIFIED_LABELS = {
  verifiedStudent: "Verified Student",
  emailConfirmed: "E-mail confirmed",
  /** The accessible name of the small check on a verified seller's card. */
  verifiedSellerCheck: "Verified student",
  verifiedSellersOnly: "Verified sellers only",
} as const;
