import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { makeJpeg, signUpStudent } from "./support/students";

/** A cheap Android phone: 360x740 CSS pixels, touch, device scale 2. */
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, deviceScaleFactor: 2 };

describe.skipIf(!isBrowserAvailable)("a listing with several photos, on a phone", () => {
  const { browser } = useBrowser();

  it("posts three photos, reorders them, opens the gallery, goes full screen and shares", async () => {
    const { page, context, errors } = await openDevice(browser(), baseUrl, PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await signUpStudent(page.request, { name: "Ritika Bose" });
    const productName = `Study lamp ${randomBytes(3).toString("hex")}`;

    await page.goto("/sell");
    await page.getByRole("heading", { name: "Sell Your Item" }).waitFor();
    const colours = ["#dc2626", "#16a34a", "#2563eb"];
    const files = await Promise.all(
      colours.map(async (colour, index) => ({
        name: `lamp-${index + 1}.jpg`,
        mimeType: "image/jpeg",
        buffer: await makeJpeg(page, colour),
      })),
    );
    // Several at once, each with its own tile (and progress while it goes up).
    await page.locator('input[name="images"]').setInputFiles(files);
    await page.getByRole("button", { name: "Remove photo 3" }).waitFor();
    await expect.poll(() => page.getByRole("progressbar").count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByText("Cover", { exact: true }).isVisible()).toBe(true);
    const cover = page.getByRole("img", { name: "1 of 3, the cover" });
    const firstSrc = await cover.getAttribute("src");
    const secondSrc = await page.getByRole("img", { name: "2 of 3" }).getAttribute("src");

    // 'Move right' on the cover: the second photo becomes the cover.
    const moveRight = page.getByRole("button", { name: "Move right: photo 1" });
    const box = await moveRight.boundingBox();
    expect(box && box.width >= 44 && box.height >= 44).toBe(true);
    await moveRight.tap();
    await expect.poll(() => cover.getAttribute("src")).toBe(secondSrc);
    expect(await page.getByRole("img", { name: "2 of 3" }).getAttribute("src")).toBe(firstSrc);

    await page.getByLabel("Product Name").fill(productName);
    await page.getByLabel("Product Type").fill("Desk lamp");
    await page.getByLabel("Price (₹)").fill("800");
    const posted = page.waitForResponse(
      (r) => r.url().endsWith("/api/items") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Post Item for Sale" }).tap();
    const response = await posted;
    expect(response.status()).toBe(201);
    const { item } = (await response.json()) as { item: { id: string; images: string[] } };
    expect(item.images).toHaveLength(3);

    // The gallery: the counter, a swipe to the next photo, full screen on a tap.
    await page.goto(`/item/${item.id}`);
    await page.getByRole("heading", { name: productName }).waitFor();
    const counter = page.getByTestId("gallery-counter");
    await expect.poll(() => counter.textContent()).toContain("1 / 3");
    const strip = page.getByLabel(/Use the arrow keys to see the others/);
    await strip.evaluate((element) => element.scrollTo({ left: element.clientWidth }));
    await expect.poll(() => counter.textContent()).toContain("2 / 3");
    await page.getByRole("button", { name: "Open photo 2 of 3 full screen" }).tap();
    const fullscreen = page.getByRole("dialog", { name: `${productName}, photo 2 of 3` });
    await fullscreen.waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("dialog", { name: `${productName}, photo 3 of 3` }).waitFor();
    await page.getByRole("button", { name: "Close full screen" }).tap();
    await expect.poll(() => counter.textContent()).toContain("3 / 3");

    // Share: the wa.me link carries the title and the address; 'Share' copies the link.
    const whatsApp = page.getByRole("link", { name: "Share on WhatsApp" });
    const href = (await whatsApp.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(href.slice("https://wa.me/?text=".length));
    expect(text).toBe(`${productName} · ₹800 ${baseUrl}/item/${item.id}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.getByRole("button", { name: "Share", exact: true }).tap();
    await page.getByText("Link copied to clipboard!").waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);

    // A friend without an account opens the link: the teaser, and the preview tags in the page.
    const friend = await openDevice(browser(), baseUrl, PHONE);
    await friend.page.goto(`/item/${item.id}`);
    await friend.page.getByRole("heading", { name: productName }).waitFor();
    await friend.page.getByRole("link", { name: "Sign in to contact the seller" }).waitFor();
    await friend.page.getByRole("link", { name: "Create Free Account" }).waitFor();
    expect(await friend.page.locator('meta[property="og:title"]').getAttribute("content")).toBe(
      `${productName} · ₹800`,
    );
    await friend.context.close();
    await context.close();
  });
});
