/*
 * Where a tab keeps the number of the last live event it applied, per account (sessionStorage:
 * a reload resumes from it, another tab starts on its own). The live socket reads and moves it;
 * the page's session (lib/session.tsx) sets it to the newest event when the page was made, since
 * everything the page then fetches is at least that new.
 */

export function liveSeqStorageKey(userId: string): string {
  return `campus-bazaar:live-seq:${userId}`;
}

export function readStoredSeq(key: string): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(key) ?? Number.NaN);
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  } catch {
    return null; // storage blocked: the tab simply starts from the server's newest event
  }
}

export function storeSeq(key: string, seq: number): void {
  try {
    window.sessionStorage.setItem(key, String(seq));
  } catch {
    // Not fatal: only a reload loses the resume point, and then the caches are refetched.
  }
}
