import { randomBytes, randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, makeJpeg, signUpStudent } from "./support/students";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const origin = { origin: baseUrl };

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  student: E2eStudent;
}

/** A signed-up student on a phone (360x740, touch). */
async function openPhoneAs(browser: Browser, name: string): Promise<Person> {
  const { context, page, errors } = await openDevice(
    browser,
    baseUrl,
    PHONE,
    /Failed to load resource|WebSocket/,
  );
  const student = await signUpStudent(page.request, { name });
  return { context, page, errors, student };
}

describe.skipIf(!isBrowserAvailable)("the first deal on a phone", () => {
  const { browser } = useBrowser();

  it("a seller whose buyer wrote opens Messages on Selling, with each tab's unread count", async () => {
    const seller = await openPhoneAs(browser(), "Pooja Iyer");
    const buyer = await openPhoneAs(browser(), "Arjun Mehta");
    const productName = `Casio fx-991EX ${randomBytes(2).toString("hex")}`;
    const itemId = await postItem(seller.page, { productName, price: 700 });
    const chatId = await openChatAbout(buyer.page.request, seller.student.id, itemId);
    for (const text of ["Hi, is it available?", "Can I pick it up today?"]) {
      const sent = await buyer.page.request.post(`/api/chats/${chatId}/messages`, {
        data: { type: "text", clientId: `c-${randomUUID()}`, text },
        headers: origin,
      });
      expect(sent.status()).toBe(201);
    }

    const { page } = seller;
    await page.goto("/messages");
    const selling = page.getByRole("tab", { name: "Selling 2 unread" });
    await selling.waitFor();
    await expect(selling.getAttribute("aria-selected")).resolves.toBe("true");
    await expect(
      page.getByRole("tab", { name: "Buying", exact: true }).getAttribute("aria-selected"),
    ).resolves.toBe("false");
    const row = page.getByRole("link", { name: /Arjun Mehta/ });
    await expect(row.textContent()).resolves.toContain("Can I pick it up today?");
    await expect(page.getByText("No conversations yet.").count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);

    // Read: the tab's count goes.
    await row.tap();
    await page.getByRole("log").getByText("Can I pick it up today?").waitFor();
    await page.getByRole("link", { name: "Back to conversations" }).tap();
    await page.getByRole("tab", { name: "Selling", exact: true }).waitFor();

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });

  it("Back closes the full-screen photo and a dialog before it leaves the item", async () => {
    const seller = await openPhoneAs(browser(), "Pooja Iyer");
    const buyer = await openPhoneAs(browser(), "Arjun Mehta");
    const productName = `Hero cycle ${randomBytes(2).toString("hex")}`;
    const itemId = await postItem(seller.page, { productName, price: 2500 });
    const { page } = buyer;
    const itemUrl = new RegExp(`/item/${itemId}$`);
    await page.goto("/buy");
    await page.getByRole("heading", { name: "Browse Items" }).waitFor();
    await page.goto(`/item/${itemId}`);
    await page.getByRole("heading", { name: productName }).waitFor();

    // The photo viewer: Back closes it, the item stays.
    await page.getByRole("button", { name: `Open the photo of ${productName} full screen` }).tap();
    const viewer = page.getByRole("dialog", { name: new RegExp(`${productName}, photo 1 of 1`) });
    await viewer.waitFor();
    await page.goBack();
    await viewer.waitFor({ state: "detached" });
    expect(page.url()).toMatch(itemUrl);
    await page.getByRole("heading", { name: productName }).waitFor();

    // A dialog of the kit (Report): Back closes it, the item stays.
    await page.getByRole("button", { name: "Report" }).tap();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    // The kit's dialogs fetch their history step with the first one opened: a moment.
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(window.history.state).includes("backToClose")))
      .toBe(true);
    await page.goBack();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toMatch(itemUrl);
    await expectNoSeriousA11yViolations(page);

    // Closed by its own button, the viewer leaves no step behind: the next Back leaves the item.
    await page.getByRole("button", { name: `Open the photo of ${productName} full screen` }).tap();
    await viewer.waitFor();
    await page.getByRole("button", { name: "Close full screen" }).tap();
    await viewer.waitFor({ state: "detached" });
    await page.goBack();
    await page.waitForURL(/\/buy$/);
    await page.getByRole("heading", { name: "Browse Items" }).waitFor();

    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });

  it("after 'Post Item for Sale': 'Your item is live!' with its three ways on, then Browse shows the new item first, in view", async () => {
    const seller = await openPhoneAs(browser(), "Pooja Iyer");
    const { page } = seller;
    const productName = `Drafter set ${randomBytes(2).toString("hex")}`;
    await page.goto("/sell");
    await page.getByRole("heading", { name: "Sell Your Item" }).waitFor();
    await page.locator('input[name="images"]').setInputFiles({
      name: "drafter.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg(page),
    });
    await page.getByRole("button", { name: "Remove photo 1" }).waitFor();
    await page.getByLabel("Product Name").fill(productName);
    await page.getByLabel("Product Type").fill("Engineering drawing");
    await page.getByLabel("Price (₹)").fill("450");
    await page.getByLabel("Category").selectOption("other");
    await page.getByLabel("Description").fill("Mini drafter with the case.");
    const submit = page.getByRole("button", { name: "Post Item for Sale" });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.tap();
    // The form is long: the button was reached by scrolling down.
    await page.waitForURL(/\/buy$/);

    const dialog = page.getByRole("dialog", { name: "Your item is live!" });
    await dialog.waitFor();
    const view = dialog.getByRole("link", { name: "View listing" });
    const itemPath = await view.getAttribute("href");
    expect(itemPath).toMatch(/^\/item\/[0-9a-f-]{36}$/);
    const share = await dialog.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href");
    expect(share?.startsWith("https://wa.me/?text=")).toBe(true);
    const shared = decodeURIComponent(share?.slice("https://wa.me/?text=".length) ?? "");
    // The public teaser's address, the name and the price; nothing about the seller.
    expect(shared).toBe(`${productName} · ₹450 ${baseUrl}${itemPath}`);
    expect(shared).not.toContain(seller.student.name);
    await expect(dialog.getByRole("link", { name: "Sell another" }).getAttribute("href")).resolves.toBe(
      "/sell",
    );
    await expectNoSeriousA11yViolations(page);
    // Signed out, the shared address shows the teaser.
    const teaser = await page.request.fetch(`${baseUrl}${itemPath}`, { headers: { cookie: "" } });
    expect(teaser.status()).toBe(200);

    await dialog.getByRole("button", { name: "Close" }).tap();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toMatch(/\/buy$/);
    // The first card is the new item, whole on the screen above the tab bar.
    const firstCard = page.locator("main article").first();
    await expect.poll(() => firstCard.textContent()).toContain(productName);
    const tabBar = await page.getByRole("navigation", { name: "Sections" }).boundingBox();
    const screenBottom = tabBar?.y ?? 740;
    await expect
      .poll(async () => {
        const box = await firstCard.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= screenBottom
          ? "whole"
          : JSON.stringify(box);
      })
      .toBe("whole");
    // Shown once: a reload does not say it again.
    await page.reload();
    await page.getByRole("heading", { name: "Browse Items" }).waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    expect(seller.errors).toEqual([]);
    await seller.context.close();
  });
});
