import { randomBytes } from "node:crypto";
import { FIRST_SCREEN_ATTRIBUTE } from "@shared/app-routes";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { postItem } from "./support/items";
import { signUpStudent } from "./support/students";

/** A cheap Android phone: 360x740 CSS pixels, touch, device scale 2. */
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, deviceScaleFactor: 2 };
/** Only this file's sellers post here. */
const CAMPUS = { city: "Nagpur", college: "Visvesvaraya National Institute of Technology" };

/** The colour of the sellers' photos, as the screen shows it (a JPEG shifts it a little). */
const PHOTO_COLOUR = "#b45309";
const PHOTO_RGB = [0xb4, 0x53, 0x09];

/**
 * Whether the first card's photo has arrived and is what the screen shows at its middle (not the
 * grey stand-in, nor anything else drawn over it), read off a screenshot.
 */
async function firstPhotoShows(page: Page): Promise<boolean> {
  const photo = page.locator("main article img").first();
  if ((await photo.count()) === 0) return false;
  const arrived = await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  const box = await photo.boundingBox();
  if (!arrived || !box) return false;
  const middle = { x: box.x + box.width / 2 - 2, y: box.y + box.height / 2 - 2, width: 4, height: 4 };
  const pixels = await sharp(await page.screenshot({ clip: middle }))
    .raw()
    .toBuffer();
  return PHOTO_RGB.every((channel, index) => Math.abs((pixels[index] ?? 0) - channel) <= 12);
}

describe.skipIf(!isBrowserAvailable)("the first screen of Browse, drawn by the server", () => {
  const { browser } = useBrowser();
  const names: string[] = [];

  beforeAll(async () => {
    if (!isBrowserAvailable) return;
    const seller = await openDevice(browser(), baseUrl, PHONE);
    await signUpStudent(seller.page.request, { name: "Kavya Sharma", ...CAMPUS });
    await seller.page.goto("/");
    const tag = randomBytes(3).toString("hex");
    for (const productName of [`Drafter ${tag}`, `Lab coat ${tag}`]) {
      await postItem(seller.page, { productName }, PHOTO_COLOUR);
      // Newest first.
      names.unshift(productName);
    }
    await seller.context.close();
  }, 60_000);

  it("shows the header, the first cards and their photos before the app's code has run", async () => {
    const buyer = await openDevice(browser(), baseUrl, PHONE);
    await signUpStudent(buyer.page.request, { name: "Arjun Verma", ...CAMPUS });
    const { page } = buyer;
    // A phone whose scripts have not arrived: everything on screen came with the page itself.
    await page.route("**/*.js", (route) => route.abort());
    await page.goto("/buy");
    await expect.poll(() => firstPhotoShows(page)).toBe(true);
    expect(await page.locator("h1").textContent()).toBe("Browse Items");
    const titles = await page.locator('ul[aria-label="Items"] article h2').allTextContents();
    expect(titles).toEqual(names);
    // The bars are there; what is drawn takes no taps until the app has taken over.
    expect(await page.locator('nav[aria-label="Main"]').isVisible()).toBe(true);
    expect(await page.locator(`[${FIRST_SCREEN_ATTRIBUTE}]`).getAttribute("inert")).toBe("");
    await buyer.context.close();
  });

  it("is replaced by the app without the cards ever leaving the screen, and then works", async () => {
    const buyer = await openDevice(browser(), baseUrl, PHONE);
    await signUpStudent(buyer.page.request, { name: "Ishita Rao", ...CAMPUS });
    const { page, errors } = buyer;
    // Checked at every change of the page: a moment without cards after they first showed.
    await page.addInitScript(() => {
      const seen = { cards: false, gone: false };
      Object.assign(window, { cardsSeen: seen });
      new MutationObserver(() => {
        const hasCards = document.querySelector("main article") !== null;
        if (hasCards) seen.cards = true;
        else if (seen.cards) seen.gone = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/buy");
    await page.locator(`[${FIRST_SCREEN_ATTRIBUTE}]`).waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as unknown as { cardsSeen: object }).cardsSeen)).toEqual({
      cards: true,
      gone: false,
    });
    expect(await page.locator("main").count()).toBe(1);
    await expect.poll(() => firstPhotoShows(page)).toBe(true);
    // The app's own page: typing searches.
    await page
      .getByRole("searchbox")
      .first()
      .fill(names[1] ?? "");
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(names[1]);
    await expect
      .poll(() => page.locator('ul[aria-label="Items"] article h2').allTextContents())
      .toEqual([names[1]]);
    expect(errors).toEqual([]);
    await buyer.context.close();
  });
});
