import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";
import { openChatAbout, postItem } from "./support/items";
import { keptSnapshot, postCampusEvent, sendMessage } from "./support/offline";
import { signUpStudent } from "./support/students";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
/** Offline, the browser reports failed requests and the live socket's failed reconnections itself. */
const BROWSER_REPORTS_OFFLINE = /Failed to load resource|WebSocket connection to .* failed/;
const origin = { origin: baseUrl };
const SHOWING = /^Offline\. Showing what you saw at \d{1,2}:\d{2} [ap]m\.$/;
const NEVER_LOADED = "This page loads as soon as you're back online.";

/** Waits until the device keeps the answer of this query key (written within a second or so). */
async function waitUntilKept(page: Page, ...key: string[]): Promise<void> {
  const written = JSON.stringify(key).slice(1, -1);
  await expect
    .poll(async () => (await keptSnapshot(page))?.includes(written) ?? false, { timeout: 15_000 })
    .toBe(true);
}

const showingLine = (page: Page) => page.getByRole("status").filter({ hasText: SHOWING }).first();
const tabBar = (page: Page) => page.getByRole("navigation", { name: "Sections" });

describe.skipIf(!isBrowserAvailable)("the last known state, offline, on a phone", () => {
  const { browser } = useBrowser();

  it("a reload offline shows the shell and what was seen; back online it refreshes itself; another student sees none of it", async () => {
    const tag = randomBytes(3).toString("hex");
    const itemName = `Casio fx-991 ${tag}`;
    const eventTitle = `Robotics meet ${tag}`;

    // An event on the student's campus.
    const admin = await openPage(browser(), baseUrl);
    await signInAdminByRequest(admin.page.request, baseUrl);
    const eventId = await postCampusEvent(admin.page.request, {
      title: eventTitle,
      organizer: "Robotics Club",
      venue: `Hall ${tag}`,
      description: "Bring your bots.",
    });

    const seller = await openPage(browser(), baseUrl);
    const sellerStudent = await signUpStudent(seller.page.request, { name: `Karthik Iyer ${tag}` });
    const itemId = await postItem(seller.page, { productName: itemName, price: 650, category: "gadgets" });

    const phone = await openDevice(browser(), baseUrl, PHONE, BROWSER_REPORTS_OFFLINE);
    const { page, context } = phone;
    await signUpStudent(page.request, { name: "Anjali Rao" });
    const chatId = await openChatAbout(page.request, sellerStudent.id, itemId);
    await sendMessage(seller.page.request, chatId, `Still available, collect at Hostel 7 ${tag}`);
    const interest = await page.request.put(`/api/events/${eventId}/interest`, { headers: origin });
    expect(interest.ok()).toBe(true);

    // Browsing: the worker takes the first page, then browse, the item, the chat and the events.
    await page.goto("/dashboard");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await tabBar(page).getByRole("link", { name: "Browse" }).tap();
    await page.getByText(itemName).first().waitFor();
    await page.goto(`/item/${itemId}`);
    await page.getByRole("heading", { name: itemName }).waitFor();
    const photo = page.locator(`img[src*="/api/files/images/"]`).first();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await waitUntilKept(page, "items", "detail", itemId);
    await page.goto(`/messages?chatId=${chatId}`);
    await page.getByRole("log").getByText(`Still available, collect at Hostel 7 ${tag}`).waitFor();
    await waitUntilKept(page, "chats", "thread", chatId);
    await page.goto("/events");
    await page.getByRole("heading", { name: eventTitle }).waitFor();
    // Kept on the device once the answers are in (writes are gathered over a second).
    await expect
      .poll(
        async () => {
          const kept = (await keptSnapshot(page)) ?? "";
          return [itemName, eventTitle, `Hostel 7 ${tag}`, "Anjali Rao"].filter(
            (text) => !kept.includes(text),
          );
        },
        { timeout: 15_000 },
      )
      .toEqual([]);

    // Offline: each reload shows the shell (header, tab bar) and what was seen, with when.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: eventTitle }).waitFor();
    await showingLine(page).waitFor();
    await tabBar(page).waitFor();
    await page
      .getByRole("link", { name: /Campus Bazaar/ })
      .first()
      .waitFor();

    await page.goto(`/item/${itemId}`);
    await page.getByRole("heading", { name: itemName }).waitFor();
    await showingLine(page).waitFor();
    // Its photo from the worker's photo cache.
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await page.goto("/messages");
    await page.getByText(sellerStudent.name).first().waitFor();
    await showingLine(page).waitFor();
    await tabBar(page).waitFor();

    // A page never loaded says it is offline, inside the shell.
    await page.goto("/notifications");
    await tabBar(page).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: /loads as soon as you're back online/ })
      .first()
      .waitFor();

    await page.goto(`/messages?chatId=${chatId}`);
    await page.getByRole("log").getByText(`Still available, collect at Hostel 7 ${tag}`).waitFor();
    await showingLine(page).waitFor();

    // Back online, the page refreshes by itself: the seller's new message appears, the line goes.
    await sendMessage(seller.page.request, chatId, `Come after 6 ${tag}`);
    await context.setOffline(false);
    await page.getByRole("log").getByText(`Come after 6 ${tag}`).waitFor();
    await showingLine(page).waitFor({ state: "hidden" });

    // Signing out forgets everything kept.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /^Menu/ }).tap();
    await page.getByRole("button", { name: "Logout" }).tap();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => keptSnapshot(page), { timeout: 15_000 }).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("campus-bazaar:offline-account"))).toBeNull();

    // Another student signs in on the same phone and uses the app a little.
    await signUpStudent(page.request, { name: "Rohan Verma" });
    await page.goto("/messages");
    await tabBar(page).waitFor();
    await page.getByText("No conversations yet.").first().waitFor();
    await expect
      .poll(async () => (await keptSnapshot(page))?.includes("Rohan Verma") ?? false, { timeout: 15_000 })
      .toBe(true);

    // Offline, none of the first student's answers show: their chat, item and event are not kept.
    await context.setOffline(true);
    await page.reload();
    await tabBar(page).waitFor();
    await page.getByRole("button", { name: /^Menu/ }).waitFor();
    expect(await page.getByText(sellerStudent.name).count()).toBe(0);
    await page.goto(`/item/${itemId}`);
    await page.getByRole("status").filter({ hasText: NEVER_LOADED }).first().waitFor();
    expect(await page.getByText(itemName).count()).toBe(0);
    await page.goto("/events");
    await tabBar(page).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: /loads as soon as you're back online/ })
      .first()
      .waitFor();
    expect(await page.getByText(eventTitle).count()).toBe(0);
    const kept = (await keptSnapshot(page)) ?? "";
    for (const text of [itemName, eventTitle, "Anjali Rao", sellerStudent.name]) {
      expect(kept.includes(text), text).toBe(false);
    }
    await context.setOffline(false);

    expect(phone.errors).toEqual([]);
    await context.close();
    await seller.context.close();
    await admin.context.close();
  });
});
