import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "../e2e-context";

const origin = { origin: baseUrl };

/** A text message sent as `request`'s student; its time on the server. */
export async function sendMessage(request: APIRequestContext, chatId: string, text: string): Promise<string> {
  const response = await request.post(`/api/chats/${chatId}/messages`, {
    data: { type: "text", clientId: `c-${randomUUID()}`, text },
    headers: origin,
  });
  expect(response.status()).toBe(201);
  return (await response.json()).message.createdAt;
}

/**
 * An event on a new student's campus (IIT Madras, Chennai, the sign-up default), posted by the
 * administrator signed in on `request`; its id.
 */
export async function postCampusEvent(
  request: APIRequestContext,
  event: { title: string; organizer: string; venue: string; description: string },
): Promise<string> {
  const created = await request.post("/api/admin/events", {
    data: {
      ...event,
      date: "2099-11-20",
      time: "16:00",
      city: "Chennai",
      college: "IIT Madras",
      image: `${baseUrl}/favicon.svg`,
      registrationUrl: null,
    },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  return (await created.json()).event.id;
}

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
