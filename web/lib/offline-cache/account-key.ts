/**
 * The id of the student whose answers this device keeps for offline use, in localStorage; absent
 * when none are. A module of its own: the app's first script (web/lib/session.tsx) reads it on
 * every page, without the persister.
 */
export const KEPT_ACCOUNT_KEY = "campus-bazaar:offline-account";
