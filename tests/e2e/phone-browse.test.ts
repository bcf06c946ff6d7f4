import { randomBytes } from "node:crypto";
import { FIRST_SCREEN_ATTRIBUTE } from "@shared/app-routes";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { APIRequestContext, BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { makeJpeg, signUpStudent } from "./support/students";

/** A cheap Android phone: 360x740 CSS pixels, touch, device scale 2. */
const PHONE = { width: 360, height: 740 };
const SCREENS_PER_PAGE = 4;

/** The campus whose browse page is measured; only this file's sellers post there. */
const CAMPUS = { city: "Kozhikode", college: "NIT Calicut" };
/** A campus with nothing for sale: the new student's first visit to Browse. */
const EMPTY_CAMPUS = { city: "Aligarh", college: "Aligarh Muslim University" };
/** A campus whose items each have a photo of their own, for pictures asked for while offline. */
const PHOTO_CAMPUS = { city: "Thiruvananthapuram", college: "College of Engineering Trivandrum" };
/** Offline, the browser reports the pictures and the live socket it cannot fetch. */
const BROWSER_REPORTS_OFFLINE = /Failed to load resource|WebSocket connection to .* failed/;

/** A finger's tap on the middle of what the locator shows, whatever layer takes it. */
async function tapOn(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error("nothing to tap");
  await locator.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function uploadImage(request: APIRequestContext, image: Buffer): Promise<string> {
  const upload = await request.post("/api/uploads/images", {
    multipart: { file: { name: "item.jpg", mimeType: "image/jpeg", buffer: image } },
    headers: { origin: baseUrl },
  });
  expect(upload.status()).toBe(201);
  return ((await upload.json()) as { url: string }).url;
}

async function postItem(
  request: APIRequestContext,
  productImage: string,
  productName: string,
  price: number,
): Promise<string> {
  const created = await request.post("/api/items", {
    data: {
      productName,
      type: "Hostel essentials",
      price,
      category: "other",
      condition: "used",
      description: "Picked up on campus.",
      showMobileNumber: false,
      productImage,
    },
    headers: { origin: baseUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { item: { id: string } }).item.id;
}

describe.skipIf(!isBrowserAvailable)("browse and items on a 360 px phone", () => {
  const { browser } = useBrowser();
  const tag = randomBytes(3).toString("hex");
  const names: string[] = [];
  const ids: string[] = [];
  let seller: Phone;

  const openPhone = (): Promise<Phone> =>
    openDevice(browser(), baseUrl, { viewport: PHONE, hasTouch: true, deviceScaleFactor: 2 });

  // Twelve items at one campus, a full browse page, from two sellers (posting is limited per
  // seller to ten a minute).
  beforeAll(async () => {
    if (!isBrowserAvailable) return;
    seller = await openPhone();
    const other = await openPhone();
    await signUpStudent(seller.page.request, { name: "Anjali Nair", ...CAMPUS });
    await signUpStudent(other.page.request, { name: "Rahul Menon", ...CAMPUS });
    await seller.page.goto("/");
    const image = await makeJpeg(seller.page, "#0f766e");
    const images = [
      await uploadImage(seller.page.request, image),
      await uploadImage(other.page.request, image),
    ];
    for (let index = 0; index < 12; index++) {
      const name = `Study table ${tag} ${String(index + 1).padStart(2, "0")}`;
      const poster = index % 2 === 0 ? seller : other;
      ids.push(await postItem(poster.page.request, images[index % 2] as string, name, 300 + index * 25));
      names.push(name);
    }
    await other.context.close();
  }, 120_000);

  it("fits at least four whole cards on a screen once past the header, one on the first screen, and a tap anywhere on a card opens it", async () => {
    const buyer = await openPhone();
    await signUpStudent(buyer.page.request, { name: "Sneha Pillai", ...CAMPUS });
    const { page } = buyer;
    await page.goto("/buy");
    // Measured on the app's own page: the first screen the server drew is replaced by it in one frame.
    await page.locator(`[${FIRST_SCREEN_ATTRIBUTE}]`).waitFor({ state: "detached" });
    // The student's own campus is the starting filter: the twelve items there.
    await page.getByText("12 item(s) found").waitFor();
    await page.getByRole("button", { name: `College: ${CAMPUS.college}` }).waitFor();
    const cards = page.getByRole("list", { name: "Items" }).getByRole("article");
    await expect.poll(() => cards.count()).toBe(12);

    // Two columns: the first two cards side by side.
    const first = await cards.nth(0).boundingBox();
    const second = await cards.nth(1).boundingBox();
    expect(first && second && Math.abs(first.y - second.y) < 1 && second.x > first.x + first.width).toBe(
      true,
    );
    expect(first?.width ?? 0).toBeLessThan(PHONE.width / 2);

    // Whole cards between the sticky top bar and the tab bar, from the layout.
    const wholeCardsOnScreen = () =>
      page.evaluate(() => {
        const top = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
        const tabBar = document.querySelector('nav[aria-label="Sections"]')?.getBoundingClientRect();
        const bottom = tabBar && tabBar.height > 0 ? tabBar.top : window.innerHeight;
        const list = document.querySelector('ul[aria-label="Items"]');
        return Array.from(list?.querySelectorAll("article") ?? []).filter((card) => {
          const box = card.getBoundingClientRect();
          return box.top >= top - 0.5 && box.bottom <= bottom + 0.5;
        }).length;
      });
    expect(await wholeCardsOnScreen(), "whole cards on the first screen").toBeGreaterThanOrEqual(1);
    // Scrolled so that the first card sits just under the top bar.
    await page.evaluate(() => {
      const top = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const card = document.querySelector('ul[aria-label="Items"] article');
      if (card) window.scrollBy(0, card.getBoundingClientRect().top - top);
    });
    expect(await wholeCardsOnScreen(), "whole cards on one screen past the header").toBeGreaterThanOrEqual(4);
    await page.evaluate(() => window.scrollTo(0, 0));

    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `the browse page is ${height} px tall`).toBeLessThan(SCREENS_PER_PAGE * PHONE.height);
    // Nothing scrolls sideways (the chip row scrolls within itself).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);

    // The heart saves the item from the card, and takes it out again.
    const newest = cards.filter({ hasText: names[11] as string });
    const heart = newest.getByRole("button", { name: `Save ${names[11]} to favourites` });
    const heartBox = await heart.boundingBox();
    expect(heartBox && heartBox.width >= 44 && heartBox.height >= 44).toBe(true);
    await heart.tap();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    const saved = await page.request.get("/api/me/favourites");
    expect(JSON.stringify(await saved.json())).toContain(ids[11]);
    await heart.tap();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");

    // The photo (away from the heart), then the price of another card: each opens its item.
    const box = await newest.boundingBox();
    if (!box) throw new Error("no card");
    // Taps where a finger lands (the card's link layer covers the text, as it should).
    await page.touchscreen.tap(box.x + 20, box.y + 30);
    await page.waitForURL(`**/item/${ids[11]}`);
    await page.getByRole("heading", { level: 1, name: names[11] }).waitFor();
    await page.goBack();
    const older = cards.filter({ hasText: names[4] as string });
    await tapOn(older.getByText("₹400"));
    await page.waitForURL(`**/item/${ids[4]}`);
    await page.goBack();

    // 'See Details' is still the card's link by name, and Contact Seller is in the card's menu.
    await cards.filter({ hasText: names[0] as string }).waitFor();
    const oldest = cards.filter({ hasText: names[0] as string });
    expect(await oldest.getByRole("link").count()).toBe(1);
    await oldest.getByRole("link", { name: "See Details" }).waitFor();
    expect(await oldest.getByRole("button", { name: "Contact Seller" }).count()).toBe(0);
    const menuButton = oldest.getByRole("button", { name: `More actions for ${names[0]}` });
    const menuBox = await menuButton.boundingBox();
    expect(menuBox && menuBox.width >= 44 && menuBox.height >= 44).toBe(true);
    await menuButton.tap();
    await page.getByRole("menuitem", { name: "Contact Seller" }).tap();
    const dialog = page.getByRole("dialog", { name: "Contact Seller" });
    await dialog.getByRole("link", { name: "Message Seller" }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).tap();
    expect(page.url()).toMatch(/\/buy/);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("filters from a row of chips under the search box, price in rupees, everything in the address", async () => {
    const buyer = await openPhone();
    await signUpStudent(buyer.page.request, { name: "Varun Iyer", ...CAMPUS });
    const { page } = buyer;
    await page.goto("/buy");
    await page.getByText("12 item(s) found").waitFor();
    await page.getByRole("searchbox", { name: "Search items" }).waitFor();
    // Save Search, Saved searches and Sell an Item wait in the menu beside the search box.
    expect(await page.getByRole("link", { name: "Sell an Item" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "More browse actions" }).tap();
    await page.getByRole("menuitem", { name: "Save Search" }).waitFor();
    await page.keyboard.press("Escape");

    const chips = page.getByRole("group", { name: "Filters" });
    for (const name of ["Category", "Price", "Condition", "City", "Hide reserved"]) {
      const chip = chips.getByRole("button", { name, exact: true });
      const chipBox = await chip.boundingBox();
      expect(chipBox && chipBox.height >= 44, `${name} is a 44 px target`).toBe(true);
    }
    await chips.getByRole("button", { name: "Price", exact: true }).tap();
    const sheet = page.getByRole("dialog", { name: "Price" });
    await sheet.getByRole("textbox", { name: "Min (₹)" }).fill("400");
    await sheet.getByRole("textbox", { name: "Max (₹)" }).fill("500");
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole("button", { name: "Apply" }).tap();
    await page.waitForURL(
      (url) => url.searchParams.get("minPrice") === "400" && url.searchParams.get("maxPrice") === "500",
    );
    // 400, 425, 450, 475 and 500 rupees.
    await page.getByText("5 item(s) found").waitFor();
    await chips.getByRole("button", { name: "Price: ₹400–₹500" }).waitFor();

    await chips.getByRole("button", { name: "Condition", exact: true }).tap();
    await page
      .getByRole("dialog", { name: "Condition" })
      .getByRole("radio", { name: "New", exact: true })
      .tap();
    await page.waitForURL(/condition=new/);
    await page.getByText("0 item(s) found").waitFor();
    await expectNoSeriousA11yViolations(page);

    // The address keeps it all: a reload shows the same.
    await page.reload();
    await page.getByText("0 item(s) found").waitFor();
    await chips.getByRole("button", { name: "Condition: New" }).waitFor();

    // Sort is still one tap away.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-high");
    await page.waitForURL(/sort=price-high/);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("shows a new student at a college with no listings the city's, under 'More in {city}'", async () => {
    const newcomer = await openPhone();
    await signUpStudent(newcomer.page.request, {
      name: "Fathima Rahman",
      city: CAMPUS.city,
      college: "Malabar Christian College",
    });
    const { page } = newcomer;
    await page.goto("/buy");
    // The count stays the college's own.
    await page.getByText("0 item(s) found").waitFor();
    await page.getByRole("heading", { name: "No items found" }).waitFor();
    const nearby = page.getByRole("list", { name: `More in ${CAMPUS.city}` }).getByRole("article");
    await nearby.first().waitFor();
    expect(await nearby.count()).toBe(12);
    await nearby.filter({ hasText: names[11] as string }).waitFor();
    // 'See listings in {city}' comes before 'Show all colleges'.
    const offers = await page.getByRole("button").allTextContents();
    expect(offers.indexOf(`See listings in ${CAMPUS.city}`)).toBeGreaterThanOrEqual(0);
    expect(offers.indexOf(`See listings in ${CAMPUS.city}`)).toBeLessThan(
      offers.indexOf("Show all colleges"),
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: `See listings in ${CAMPUS.city}` }).tap();
    await page.waitForURL(
      (url) => url.searchParams.get("city") === CAMPUS.city && url.searchParams.get("college") === "",
    );
    await page.getByText("12 item(s) found").waitFor();
    await page
      .getByRole("group", { name: "Filters" })
      .getByRole("button", { name: `City: ${CAMPUS.city}` })
      .waitFor();
    expect(newcomer.errors).toEqual([]);
    await newcomer.context.close();
  });

  it("offers a student whose college has no items 'Show all colleges'; Clear Filters still resets only search and category", async () => {
    const newcomer = await openPhone();
    await signUpStudent(newcomer.page.request, { name: "Zoya Khan", ...EMPTY_CAMPUS });
    const { page } = newcomer;
    await page.goto("/buy?search=table&category=books");
    await page.getByText("0 item(s) found").waitFor();
    await page.getByRole("heading", { name: "No items found" }).waitFor();

    await page.getByRole("button", { name: "Clear Filters" }).tap();
    await page.waitForURL((url) => !url.searchParams.has("search") && !url.searchParams.has("category"));
    expect(new URL(page.url()).searchParams.get("college")).toBe(EMPTY_CAMPUS.college);
    await page.getByText("0 item(s) found").waitFor();
    // Aligarh has no other college with listings: India's newest follow, no offer of the city.
    await page.getByRole("list", { name: "Across India" }).getByRole("article").first().waitFor();
    expect(await page.getByRole("button", { name: /^See listings in/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Show all colleges" }).tap();
    await page.waitForURL((url) => url.searchParams.get("college") === "");
    await page.getByRole("button", { name: "College", exact: true }).waitFor();
    await page.getByRole("list", { name: "Items" }).getByRole("article").first().waitFor();
    expect(await page.getByRole("button", { name: "Show all colleges" }).count()).toBe(0);
    expect(newcomer.errors).toEqual([]);
    await newcomer.context.close();
  });

  it("shows a signed-out visitor 'Fresh on campus' on the landing page, for their city, leading to the teaser", async () => {
    const visitor = await openPhone();
    const { page } = visitor;
    await page.goto("/");
    const section = page.getByRole("region", { name: "Fresh on campus" });
    const list = section.getByRole("list", { name: "Fresh on campus" });
    // The cities come with the first answer (India's newest, which may be half a minute old).
    const city = section.getByRole("combobox", { name: "Your city" });
    await city.getByRole("option", { name: CAMPUS.city }).waitFor({ state: "attached" });
    await city.selectOption(CAMPUS.city);
    await section.getByText(`Listings in ${CAMPUS.city}`).waitFor();
    const newest = list.getByRole("link", { name: new RegExp(names[11] as string) });
    await newest.waitFor();
    // No seller's name, number or chat, signed out.
    const text = await section.textContent();
    expect(text).not.toContain("Anjali");
    expect(text).not.toContain("Rahul");
    await expectNoSeriousA11yViolations(page);
    await newest.tap();
    await page.waitForURL(`**/item/${ids[11]}`);
    await page.getByRole("heading", { level: 1, name: names[11] }).waitFor();
    await page.getByRole("link", { name: "Sign in to contact the seller" }).waitFor();
    // The choice is remembered on the device.
    await page.goto("/");
    await section.getByText(`Listings in ${CAMPUS.city}`).waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it("asks again, once the connection is back, for the card photos that failed offline", async () => {
    const photoSeller = await openPhone();
    await signUpStudent(photoSeller.page.request, { name: "Lakshmi Varma", ...PHOTO_CAMPUS });
    await photoSeller.page.goto("/");
    const colours = ["#b91c1c", "#c2410c", "#a16207", "#15803d", "#0e7490", "#1d4ed8", "#6d28d9", "#be185d"];
    const photoNames: string[] = [];
    for (const [index, colour] of colours.entries()) {
      const photo = await uploadImage(photoSeller.page.request, await makeJpeg(photoSeller.page, colour));
      const name = `Cycle lock ${tag} ${index + 1}`;
      await postItem(photoSeller.page.request, photo, name, 150 + index * 10);
      photoNames.push(name);
    }
    await photoSeller.context.close();

    const buyer = await openDevice(
      browser(),
      baseUrl,
      // Without the service worker, whose own download would fail offline (not this test's subject).
      { viewport: PHONE, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: "block" },
      BROWSER_REPORTS_OFFLINE,
    );
    await signUpStudent(buyer.page.request, { name: "Gokul Das", ...PHOTO_CAMPUS });
    const { page, context } = buyer;
    await page.goto("/buy");
    // The app's own cards: the first screen the server drew is replaced by them.
    await page.locator(`[${FIRST_SCREEN_ATTRIBUTE}]`).waitFor({ state: "detached" });
    await page.getByText("8 item(s) found").waitFor();
    // The oldest item's card is the last one, below the first screen: its photo waits for a scroll.
    const lastCard = page
      .getByRole("list", { name: "Items" })
      .getByRole("article")
      .filter({ hasText: photoNames[0] as string });
    const photo = lastCard.getByRole("img", { name: photoNames[0] as string });
    expect(await photo.count()).toBe(0);

    await context.setOffline(true);
    await lastCard.scrollIntoViewIfNeeded();
    // The thumbnail, the original and two retries a second and two apart all fail offline.
    await lastCard.getByText("Image Not Available").waitFor({ timeout: 10_000 });

    await context.setOffline(false);
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await lastCard.getByText("Image Not Available").count()).toBe(0);
    expect(buyer.errors).toEqual([]);
    await context.close();
  });

  it("keeps price, Contact Seller and the favourite in a bar at the bottom of the item page; saved items get their own page", async () => {
    const buyer = await openPhone();
    await signUpStudent(buyer.page.request, { name: "Kiran Rao", ...CAMPUS });
    const { page } = buyer;

    // Nothing saved yet, from the profile's link.
    await page.goto("/profile");
    await page.getByRole("link", { name: "Saved items" }).tap();
    await page.waitForURL("**/favourites");
    await page.getByRole("heading", { level: 1, name: "Saved items" }).waitFor();
    await page.getByRole("heading", { name: "No saved items yet" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/item/${ids[3]}`);
    await page.getByRole("heading", { level: 1, name: names[3] }).waitFor();
    const bar = page.getByRole("region", { name: "Item actions" });
    await bar.getByText("₹375").waitFor();
    const contact = bar.getByRole("button", { name: "Contact Seller" });
    await contact.waitFor();
    // The bar is the one Contact Seller and the one heart on a phone, and it stays at the bottom,
    // right on top of the app's tab bar.
    expect(await page.getByRole("button", { name: "Contact Seller" }).count()).toBe(1);
    const tabBar = await page.getByRole("navigation", { name: "Sections" }).boundingBox();
    expect(tabBar).not.toBeNull();
    const barBottom = async () => {
      const box = await bar.boundingBox();
      return box ? Math.round(box.y + box.height) : -1;
    };
    expect(await barBottom()).toBe(Math.round(tabBar?.y ?? 0));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await barBottom()).toBe(Math.round(tabBar?.y ?? 0));
    expect(await contact.isVisible()).toBe(true);
    // The page's last lines scroll clear of the bar.
    const barTop = (await bar.boundingBox())?.y ?? 0;
    const lastBox = await page.getByText("Send the seller a message").boundingBox();
    expect((lastBox?.y ?? Number.POSITIVE_INFINITY) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(barTop);
    await expectNoSeriousA11yViolations(page);

    await bar.getByRole("button", { name: "Add to favourites" }).tap();
    await bar.getByRole("button", { name: "Remove from favourites" }).waitFor();

    // The avatar menu is the desktop's way in; on the phone the address does it.
    await page.goto("/favourites");
    const saved = page.getByRole("list", { name: "Saved items" }).getByRole("article");
    await saved.filter({ hasText: names[3] as string }).waitFor();
    expect(await saved.count()).toBe(1);
    await page.getByText("1 saved item").waitFor();
    await expectNoSeriousA11yViolations(page);
    await tapOn(saved.first().getByText("₹375"));
    await page.waitForURL(`**/item/${ids[3]}`);

    // Contact Seller in the bar opens the chat with the seller.
    await page
      .getByRole("region", { name: "Item actions" })
      .getByRole("button", { name: "Contact Seller" })
      .tap();
    await page.waitForURL(/\/messages\?chatId=/);

    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  }, 120_000);

  it("on a laptop, the avatar menu leads to Saved items, whose cards show Contact Seller and no phone bar", async () => {
    const laptop = await openPage(browser(), baseUrl);
    await signUpStudent(laptop.page.request, { name: "Meenakshi Iyer", ...CAMPUS });
    const saved = await laptop.page.request.put(`/api/items/${ids[5]}/favourite`, {
      headers: { origin: baseUrl },
    });
    expect(saved.status()).toBe(204);
    await laptop.page.goto("/buy");
    await laptop.page.getByRole("button", { name: /^Account menu for/ }).click();
    await laptop.page.getByRole("menuitem", { name: "Saved items" }).click();
    await laptop.page.waitForURL("**/favourites");
    const card = laptop.page
      .getByRole("list", { name: "Saved items" })
      .getByRole("article")
      .filter({ hasText: names[5] as string });
    await card.getByRole("button", { name: "Contact Seller" }).waitFor();
    expect(await card.getByRole("button", { name: /More actions/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(laptop.page);
    await card.getByRole("link", { name: "See Details" }).click();
    await laptop.page.getByRole("heading", { level: 1, name: names[5] }).waitFor();
    expect(await laptop.page.getByRole("region", { name: "Item actions" }).count()).toBe(0);
    await laptop.page.getByRole("button", { name: "Remove from favourites" }).waitFor();
    expect(laptop.errors).toEqual([]);
    await laptop.context.close();
  });

  it("gives the seller Edit and Mark as Sold in the bar", async () => {
    const { page } = seller;
    await page.goto(`/item/${ids[0]}`);
    const bar = page.getByRole("region", { name: "Item actions" });
    await bar.getByRole("link", { name: "Edit" }).waitFor();
    await bar.getByRole("button", { name: "Mark as Sold" }).waitFor();
    expect(await bar.getByRole("button", { name: "Contact Seller" }).count()).toBe(0);
    // Delete stays on the page, and Edit is not there twice.
    await page.getByRole("button", { name: "Delete" }).waitFor();
    expect(await page.getByRole("link", { name: "Edit" }).count()).toBe(1);
    expect(seller.errors).toEqual([]);
  });

  it("shows 'Item not found' with 'Back to Browse' for a malformed or unknown item id", async () => {
    const visitor = await openPhone();
    await signUpStudent(visitor.page.request, { name: "Farhan Ali", ...CAMPUS });
    const { page } = visitor;
    for (const id of [
      "not-a-real-id",
      "12345",
      "%E0%A4%A",
      "00000000-0000-4000-8000-000000000000",
      "x".repeat(300),
    ]) {
      await page.goto(`/item/${id}`);
      await page.getByRole("heading", { level: 1, name: "Item not found" }).waitFor();
      await page.getByRole("link", { name: "Back to Browse" }).waitFor();
      expect(await page.getByText(/check your connection/).count(), id).toBe(0);
    }
    await page.getByRole("link", { name: "Back to Browse" }).tap();
    await page.waitForURL("**/buy**");
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it("draws the page numbers below the cards a moment after the first page, and the next page from them", async () => {
    // A thirteenth item at the campus: two pages of results.
    const image = await uploadImage(seller.page.request, await makeJpeg(seller.page, "#7c3aed"));
    await postItem(seller.page.request, image, `Study table ${tag} 13`, 700);
    const buyer = await openPhone();
    await signUpStudent(buyer.page.request, { name: "Harish Kumar", ...CAMPUS });
    const { page } = buyer;
    await page.goto("/buy");
    await page.getByText("13 item(s) found").waitFor();
    const cards = page.getByRole("list", { name: "Items" }).getByRole("article");
    await expect.poll(() => cards.count()).toBe(12);
    // Fetched once the first page is drawn and the phone is idle, not beside the page's own code.
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await pages.getByRole("button", { name: "Page 2" }).waitFor();
    await pages.getByRole("button", { name: "Next" }).tap();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    // The oldest item is alone on the second page.
    await cards.filter({ hasText: names[0] as string }).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("shows the chosen photo as the cover on the sell form, hides the browser's 'No file chosen' and drops the image error", async () => {
    const { page } = seller;
    await page.goto("/sell");
    await page.getByRole("heading", { name: "Sell Your Item" }).waitFor();
    await page.getByLabel("Product Name").fill(`Bookshelf ${tag}`);
    await page.getByLabel("Product Type").fill("Furniture");
    await page.getByLabel("Price (₹)").fill("900");
    await page.getByRole("button", { name: "Post Item for Sale" }).tap();
    const imageError = page.getByText(SELL_MESSAGES.imageRequired);
    await imageError.first().waitFor();

    const picker = page.getByText("Add photos (0/8)");
    const pickerBox = await picker.boundingBox();
    expect(pickerBox && pickerBox.height >= 44).toBe(true);
    // The browser's own control is out of sight; the picker is the field's visible button.
    const input = page.locator('input[name="images"]');
    expect(await input.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    const chooser = page.waitForEvent("filechooser");
    await picker.tap();
    await (await chooser).setFiles({
      name: "bookshelf.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg(page, "#b45309"),
    });
    await page.getByRole("img", { name: "1 of 1, the cover" }).waitFor();
    await imageError.first().waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Remove photo 1" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(seller.errors).toEqual([]);
    await seller.context.close();
  });
});
