import { KEPT_ACCOUNT_KEY } from "./account-key";

/**
 * How to forget what this device keeps for offline use. Apart from the persister (persister.ts),
 * which loads only on signed-in pages and on a start without a connection; whose answers are kept
 * is read by the app's first script (KEPT_ACCOUNT_KEY, web/lib/session.tsx).
 */

/** The IndexedDB database of the kept answers (persister.ts). */
export const OFFLINE_DATABASE = "campus-bazaar-offline";
/** The service worker's cache of item and profile photos (vite.config.ts). */
export const PHOTO_CACHE = "campus-bazaar-photos";
/**
 * Forgets everything kept for offline use: the answers and the photos. On sign-out, when another
 * account is signed in, and when the server says nobody is. An open connection of another tab is
 * closed by it as asked (persister.ts), and the database goes once it is.
 */
export function forgetOfflineCache(): void {
  try {
    localStorage.removeItem(KEPT_ACCOUNT_KEY);
  } catch {
    // Storage refused (a private window's quota): nothing was kept there either.
  }
  if (typeof indexedDB !== "undefined") indexedDB.deleteDatabase(OFFLINE_DATABASE);
  if (typeof caches !== "undefined") void caches.delete(PHOTO_CACHE).catch(() => {});
}
