import type { Page } from "playwright-core";

/** What the device keeps for offline reading (web/lib/offline-cache/), as JSON; null when nothing. */
export function keptSnapshot(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    // Opening a database that is not there would make it: look first.
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === "campus-bazaar-offline")) return null;
    return new Promise<string | null>((resolve) => {
      const request = indexedDB.open("campus-bazaar-offline");
      request.onerror = () => resolve(null);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains("snapshots")) {
          db.close();
          resolve(null);
          return;
        }
        const read = db.transaction("snapshots").objectStore("snapshots").get("queries");
        read.onsuccess = () => {
          db.close();
          resolve(read.result ? JSON.stringify(read.result) : null);
        };
        read.onerror = () => {
          db.close();
          resolve(null);
        };
      };
    });
  });
}
