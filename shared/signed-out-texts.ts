/*
 * Apart from the other suspension texts: every page of the app shell carries these (the live
 * socket sets them aside when a session ends), so they stay alone and small.
 */

/** What the sign-in page says to a tab whose session ended elsewhere, by SESSION_END_REASONS. */
export const SIGNED_OUT_TEXTS = {
  suspended: "You were signed out because your account was suspended.",
  "ended-elsewhere": "You were signed out because your account was signed out from another device.",
} as const;
