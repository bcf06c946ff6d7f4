import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";
import { openChatAbout, postItem } from "./support/items";
import { postCampusEvent, sendMessage } from "./support/offline";
import { openPhone } from "./support/phones";
import { signUpStudent } from "./support/students";

const REFUSAL = "You're offline. Try again when you're back online.";

/** What the seller's copy of the chat says of the buyer: when they last received and read it. */
async function buyerMarks(request: APIRequestContext, chatId: string) {
  const response = await request.get(`/api/chats/${chatId}`);
  expect(response.ok()).toBe(true);
  const thread = await response.json();
  return {
    deliveredAt: thread.counterpartDeliveredAt as string | null,
    readAt: thread.counterpartReadAt as string | null,
  };
}

const isAtOrAfter = (time: string | null, since: string) =>
  time !== null && Date.parse(time) >= Date.parse(since);

describe.skipIf(!isBrowserAvailable)("actions offline, on a phone", () => {
  const { browser } = useBrowser();

  it("'Interested' is refused beside its button; a chat read offline reaches the server once back online", async () => {
    const tag = randomBytes(3).toString("hex");
    const itemName = `Drafter set ${tag}`;
    const eventTitle = `Quiz night ${tag}`;

    // An event on the student's campus.
    const admin = await openPage(browser(), baseUrl);
    await signInAdminByRequest(admin.page.request, baseUrl);
    await postCampusEvent(admin.page.request, {
      title: eventTitle,
      organizer: "Quiz Club",
      venue: `Seminar Hall ${tag}`,
      description: "Teams of two.",
    });

    const seller = await openPage(browser(), baseUrl);
    const sellerStudent = await signUpStudent(seller.page.request, { name: `Meera Pillai ${tag}` });
    const itemId = await postItem(seller.page, { productName: itemName, price: 450, category: "books" });

    const phone = await openPhone(browser(), "Vikram Nair");
    const { page, context } = phone;
    const chatId = await openChatAbout(page.request, sellerStudent.id, itemId);
    await sendMessage(seller.page.request, chatId, `Yes, still there ${tag}`);

    // Online: the chat is opened (and read), then Events, inside the app.
    await page.goto(`/messages?chatId=${chatId}`);
    await page.getByRole("log").getByText(`Yes, still there ${tag}`).waitFor();
    // The thread fills the phone's screen; the tab bar is back on the list.
    await page.getByRole("link", { name: "Back to conversations" }).tap();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Events" }).tap();
    const card = page.getByRole("article", { name: eventTitle });
    await card.waitFor();

    // A new message arrives while the student is on Events: the phone has it (two ticks).
    const sentAt = await sendMessage(seller.page.request, chatId, `Collect at Gate 2 ${tag}`);
    await expect
      .poll(async () => isAtOrAfter((await buyerMarks(seller.page.request, chatId)).deliveredAt, sentAt), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(isAtOrAfter((await buyerMarks(seller.page.request, chatId)).readAt, sentAt)).toBe(false);

    // Offline: 'Interested' says so beside it, and nothing changes.
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const interested = card.getByRole("button", { name: "Interested" });
    await interested.tap();
    const refusal = card.getByRole("alert").filter({ hasText: REFUSAL });
    await refusal.waitFor();
    expect(await interested.getAttribute("aria-pressed")).toBe("false");
    const buttonBox = await interested.boundingBox();
    const refusalBox = await refusal.boundingBox();
    expect(buttonBox && refusalBox).toBeTruthy();
    if (buttonBox && refusalBox) {
      // Right under the button's row, on the phone's screen.
      expect(refusalBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height - 1);
      expect(refusalBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(60);
      expect(refusalBox.x + refusalBox.width).toBeLessThanOrEqual(360);
    }

    // The chat, opened offline from what the phone has: the new message shows, its read state waits.
    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: /^Messages/ })
      .tap();
    await page
      .getByRole("link", { name: new RegExp(itemName) })
      .first()
      .tap();
    await page.getByRole("log").getByText(`Collect at Gate 2 ${tag}`).waitFor();
    await page.waitForTimeout(1000);
    expect(isAtOrAfter((await buyerMarks(seller.page.request, chatId)).readAt, sentAt)).toBe(false);

    // Back online, the read state reaches the server by itself, and the refusal is gone.
    await context.setOffline(false);
    await expect
      .poll(async () => isAtOrAfter((await buyerMarks(seller.page.request, chatId)).readAt, sentAt), {
        timeout: 15_000,
      })
      .toBe(true);

    expect(phone.errors).toEqual([]);
    await context.close();
    await seller.context.close();
    await admin.context.close();
  });
});
