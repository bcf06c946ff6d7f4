import type { AppealOffer } from "@shared/api/appeals";
import { ApiError } from "../../lib/api";

/** What the appeal form needs from the refused sign-in: the token and the words of the refusal. */
export interface KeptAppeal extends AppealOffer {
  message: string;
}

const KEY = "campus-bazaar:appeal";

/** The appeal offer a suspended sign-in carries, or null for any other failure. */
export function appealOfferOf(error: unknown): KeptAppeal | null {
  if (!(error instanceof ApiError) || error.code !== "user_suspended") return null;
  const offer = error.extra.appeal as Partial<AppealOffer> | undefined;
  if (typeof offer?.token !== "string" || typeof offer.expiresAt !== "string") return null;
  return { token: offer.token, expiresAt: offer.expiresAt, message: error.message };
}

/**
 * Kept for this tab only (sessionStorage), never in the address: the token is as good as the
 * password for one appeal, so it stays out of history, logs and Referer headers.
 */
export function keepAppeal(appeal: KeptAppeal): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(appeal));
  } catch {
    // Storage off: the form says to sign in again.
  }
}

/** The kept offer while it is valid; null when there is none or it has expired. */
export function keptAppeal(now = Date.now()): KeptAppeal | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const kept = raw ? (JSON.parse(raw) as Partial<KeptAppeal>) : null;
    if (!kept || typeof kept.token !== "string" || typeof kept.expiresAt !== "string") return null;
    if (Date.parse(kept.expiresAt) <= now) return null;
    return { token: kept.token, expiresAt: kept.expiresAt, message: String(kept.message ?? "") };
  } catch {
    return null;
  }
}

export function forgetAppeal(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
