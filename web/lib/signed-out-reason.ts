import type { SessionEndReason } from "@shared/live-constants";
import { SIGNED_OUT_TEXTS } from "@shared/signed-out-texts";

const KEY = "campus-bazaar:signed-out-reason";

const WORDS: Record<SessionEndReason, string> = SIGNED_OUT_TEXTS;

/**
 * Keeps why this tab's session ended (the live socket's close reason), for the sign-in page it is
 * about to show. Another reason (a sign-out in this browser) keeps nothing.
 */
export function rememberSignedOutReason(reason: string): void {
  try {
    if (reason in WORDS) sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage off: the sign-in page shows without the reason.
  }
}

/** The words for why this tab was signed out, if it was; null otherwise. */
export function signedOutMessage(): string | null {
  try {
    const reason = sessionStorage.getItem(KEY);
    return reason && reason in WORDS ? WORDS[reason as SessionEndReason] : null;
  } catch {
    return null;
  }
}

/** Said once: forgotten when the sign-in page has shown it. */
export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
