import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice, openPage, type TrackedPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { postItem } from "./support/items";
import { type E2eStudent, PASSWORD, signUpStudent } from "./support/students";

const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** A fresh 360x740 touch phone at device scale 2, its errors collected. */
function openPhone(browser: Browser): Promise<TrackedPage> {
  return openDevice(browser, baseUrl, {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    userAgent: PHONE_USER_AGENT,
  });
}

/** A student made through the API in a context of their own, which is then closed. */
async function studentElsewhere(browser: Browser, name: string): Promise<E2eStudent> {
  const { context, page } = await openPage(browser, baseUrl);
  const student = await signUpStudent(page.request, { name });
  await context.close();
  return student;
}

function postTextbook(page: Page, productName: string): Promise<string> {
  return postItem(
    page,
    {
      productName,
      type: "Textbook",
      price: 450,
      category: "books",
      description: "Clean copy, no notes inside",
    },
    "#0d9488",
  );
}

async function sendText(request: APIRequestContext, sellerId: string, itemId: string, text: string) {
  const opened = await request.post("/api/chats", {
    data: { userId: sellerId, itemId },
    headers: { origin: baseUrl },
  });
  expect(opened.status(), await opened.text()).toBeLessThan(300);
  const { chat } = (await opened.json()) as { chat: { id: string } };
  const sent = await request.post(`/api/chats/${chat.id}/messages`, {
    data: { type: "text", clientId: randomBytes(8).toString("hex"), text },
    headers: { origin: baseUrl },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
}

/**
 * Every visible control on the page whose tap area is under 44x44 px: its own box, or for a form
 * control the box of a label that takes the tap for it. Visually hidden controls (the skip link
 * until focused, the bots' trap field off-screen) are left out.
 */
function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="option"]';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || element.closest("[hidden]")) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      const labels = "labels" in element ? Array.from((element as HTMLInputElement).labels ?? []) : [];
      const areas = [box, ...labels.map((label) => label.getBoundingClientRect())];
      if (areas.some((area) => area.width >= 43.5 && area.height >= 43.5)) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
      small.push(
        `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
    }
    return small;
  });
}

/** Whether the element is inside the visible part of the screen (not behind the tab bar). */
async function isOnScreen(page: Page, selector: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await selector.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize();
  return box.y >= 0 && box.y + box.height <= (viewport?.height ?? 0);
}

async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).tap();
}

describe.skipIf(!isBrowserAvailable)("the app's shell on a 360 px phone", () => {
  const { browser } = useBrowser();

  it("has a tab bar that moves between pages, leaves room below the page, and shows unread messages live", async () => {
    const phone = await openPhone(browser());
    const { page } = phone;
    const seller = await signUpStudent(page.request, { name: "Ishaan Bose" });
    const productName = `Organic Chemistry ${randomBytes(3).toString("hex")}`;
    const itemId = await postTextbook(page, productName);

    await page.goto("/dashboard");
    const tabs = page.getByRole("navigation", { name: "Sections" });
    await tabs.waitFor();
    const menuButton = page.getByRole("button", { name: "Menu, 0 unread" });
    await menuButton.waitFor();
    expect(await tabs.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    const bar = await tabs.boundingBox();
    expect(bar?.y).toBeGreaterThanOrEqual(740 - 70);
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(740, 0);

    // The page ends above the bar: scrolled to the bottom, its last content is not behind it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastBottom = await page.evaluate(() => {
      const main = document.getElementById("main");
      const last = main?.lastElementChild?.lastElementChild ?? main?.lastElementChild;
      return last?.getBoundingClientRect().bottom ?? 0;
    });
    expect(lastBottom).toBeLessThanOrEqual((bar?.y ?? 0) + 0.5);

    for (const [tab, path] of [
      ["Browse", "/buy"],
      ["Sell", "/sell"],
      ["Events", "/events"],
      ["Teams", "/teammates"],
      ["Messages", "/messages"],
      ["Home", "/dashboard"],
    ] as const) {
      await tabs.getByRole("link", { name: new RegExp(`^${tab}`) }).tap();
      await page.waitForURL(`**${path}`);
      await expect
        .poll(() => tabs.getByRole("link", { name: new RegExp(`^${tab}`) }).getAttribute("aria-current"))
        .toBe("page");
    }

    // Another student writes: the badge on the Messages tab and the menu's total rise with no reload.
    const buyer = await openPage(browser(), baseUrl);
    await signUpStudent(buyer.page.request, { name: "Ritika Das" });
    await sendText(buyer.page.request, seller.id, itemId, "Is the book still there?");
    const messagesTab = tabs.getByRole("link", { name: "Messages, 1 unread" });
    await messagesTab.waitFor({ timeout: 10_000 });
    // The badge is drawn: a red dot with the count, above the icon.
    const badge = messagesTab.locator("[data-count]");
    expect(await badge.getAttribute("data-count")).toBe("1");
    expect(await badge.evaluate((element) => getComputedStyle(element, "::before").content)).toBe('"1"');
    await page.getByRole("button", { name: "Menu, 1 unread" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Signed out, there is no tab bar.
    await page.getByRole("button", { name: /^Menu/ }).tap();
    await page.getByRole("button", { name: "Logout" }).tap();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Sections" }).count()).toBe(0);

    expect(phone.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await phone.context.close();
  });

  it("a laptop has no tab bar, and keeps its bar and the badges in the header", async () => {
    const laptop = await openPage(browser(), baseUrl, { width: 1280, height: 800 });
    await signUpStudent(laptop.page.request, { name: "Neha Kulkarni" });
    await laptop.page.goto("/dashboard");
    await laptop.page.getByRole("link", { name: "Messages, 0 unread" }).first().waitFor();
    expect(await laptop.page.getByRole("navigation", { name: "Sections" }).isVisible()).toBe(false);
    expect(await laptop.page.getByRole("button", { name: /^Menu/ }).isVisible()).toBe(false);
    expect(laptop.errors).toEqual([]);
    await laptop.context.close();
  });

  it("reaches Settings from the profile", async () => {
    const phone = await openPhone(browser());
    await signUpStudent(phone.page.request, { name: "Aditya Rao" });
    await phone.page.goto("/dashboard");
    // The profile is in the top bar's menu; the tab bar holds Events and Teams.
    await phone.page.getByRole("button", { name: /^Menu/ }).tap();
    await phone.page.getByRole("link", { name: "Profile", exact: true }).tap();
    await phone.page.waitForURL("**/profile");
    await phone.page.getByRole("link", { name: "Settings" }).tap();
    await phone.page.waitForURL("**/settings");
    await phone.page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("brings a shared item link and a filtered Browse page back after signing in", async () => {
    const sellerPage = await openPage(browser(), baseUrl);
    await signUpStudent(sellerPage.page.request, { name: "Farhan Sheikh" });
    const productName = `Casio fx-991 ${randomBytes(3).toString("hex")}`;
    const itemId = await postTextbook(sellerPage.page, productName);
    await sellerPage.context.close();
    const reader = await studentElsewhere(browser(), "Pooja Nair");

    // A link shared in a WhatsApp group, opened signed out: the item's preview page, whose
    // 'Sign in to contact the seller' comes back to the item.
    const phone = await openPhone(browser());
    const itemResponse = await phone.page.goto(`/item/${itemId}`);
    expect(itemResponse?.status()).toBe(200);
    await phone.page.getByRole("link", { name: "Sign in to contact the seller" }).tap();
    await phone.page.waitForURL("**/login**");
    await signInThroughForm(phone.page, reader.email);
    await phone.page.waitForURL(`**/item/${itemId}`);
    await phone.page.getByRole("heading", { name: productName }).first().waitFor();
    await phone.context.close();

    // A filtered Browse page keeps its query string.
    const second = await openPhone(browser());
    const query = "?search=casio&category=books";
    await second.page.goto(`/buy${query}`);
    await second.page.waitForURL("**/login");
    await signInThroughForm(second.page, reader.email);
    await second.page.waitForURL((url) => url.pathname === "/buy" && url.search === query);
    expect(new URL(second.page.url()).search).toBe(query);

    // Signing in from /login itself still goes to the dashboard.
    await second.page.getByRole("button", { name: /^Menu/ }).tap();
    await second.page.getByRole("button", { name: "Logout" }).tap();
    await second.page.waitForURL(`${baseUrl}/`);
    await second.page.goto("/login");
    await signInThroughForm(second.page, reader.email);
    await second.page.waitForURL("**/dashboard");

    expect(phone.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it("shows signup's message where the eye is, and its success banner in view", async () => {
    const phone = await openPhone(browser());
    const { page } = phone;
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Sneha Pillai");
    await page.getByLabel("Email Address").fill(`sneha-${randomBytes(4).toString("hex")}@example.in`);
    await page.getByRole("combobox", { name: "City and College" }).fill("IIT Mad");
    await page.getByRole("option", { name: "IIT Madras, Chennai" }).tap();
    await page.getByLabel("Mobile Number").fill("9812345670");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(`${PASSWORD}x`);
    await page.getByRole("checkbox", { name: /I accept the/ }).tap();
    await page.getByRole("button", { name: "Create Account" }).tap();

    const message = page.getByRole("alert").filter({ hasText: "Passwords don't match" });
    await message.waitFor();
    const confirm = page.getByLabel("Confirm Password", { exact: true });
    await expect.poll(() => confirm.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => isOnScreen(page, message)).toBe(true);
    expect(await isOnScreen(page, confirm)).toBe(true);

    // A message about a field far up the form sits right under that field, in view after the scroll.
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Full Name").fill("S");
    await page.getByRole("button", { name: "Create Account" }).tap();
    const nameMessage = page.getByRole("alert").filter({ hasText: "Name must be at least 2 characters" });
    await nameMessage.waitFor();
    await expect.poll(() => isOnScreen(page, nameMessage)).toBe(true);

    await page.getByLabel("Full Name").fill("Sneha Pillai");
    await page.getByRole("button", { name: "Create Account" }).tap();
    const success = page.getByText("Account created! Please check your email for verification link.");
    await success.waitFor();
    await expect.poll(() => isOnScreen(page, success)).toBe(true);
    await page.waitForURL("**/dashboard", { timeout: 10_000 });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("gives every control a 44 px tap target on the shell's pages, and the landing header one row", async () => {
    const phone = await openPhone(browser());
    const { page } = phone;
    const pages: [string, string | RegExp][] = [
      ["/", "Your Campus Marketplace"],
      ["/login", "Welcome back"],
      ["/signup", "Create your account"],
      ["/forgot-password", /password/i],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
      expect(await smallTapTargets(page), path).toEqual([]);
    }
    // The landing header holds the brand and both buttons on one row at 360 px.
    await page.goto("/");
    const header = page.locator("header").first();
    const headerBox = await header.boundingBox();
    expect(headerBox?.height).toBeLessThanOrEqual(72);
    const login = await header.getByRole("link", { name: "Login" }).boundingBox();
    const brand = await header.getByRole("link", { name: "Campus Bazaar" }).boundingBox();
    expect(Math.abs((login?.y ?? 0) - (brand?.y ?? 100))).toBeLessThan(8);

    await signUpStudent(page.request, { name: "Meenakshi Sundaram" });
    await page.goto("/");
    await page.getByText(/^Welcome,/).waitFor();
    expect((await page.locator("header").first().boundingBox())?.height).toBeLessThanOrEqual(72);

    for (const [path, heading] of [
      ["/dashboard", /Welcome/],
      ["/profile", /.+/],
      ["/settings", "Settings"],
      ["/no-such-page", "Page not found"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
      const small = await smallTapTargets(page);
      expect(small, path).toEqual([]);
    }

    // A skip link is the first stop of the keyboard and leads into the page.
    await page.goto("/settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("answers an unknown address with 404 and keeps the navigation for a signed-in student", async () => {
    const phone = await openPhone(browser());
    const { page } = phone;
    const visitor = await page.goto("/no-such-page");
    expect(visitor?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Sections" }).count()).toBe(0);

    await signUpStudent(page.request, { name: "Kiran Reddy" });
    const student = await page.goto("/items/old-link");
    expect(student?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    const tabs = page.getByRole("navigation", { name: "Sections" });
    await tabs.waitFor();
    await page.getByRole("button", { name: /^Menu, \d+ unread$/ }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await tabs.getByRole("link", { name: "Browse" }).tap();
    await page.waitForURL("**/buy");

    for (const path of ["/buy?category=books", "/profile/00000000-0000-4000-8000-000000000000", "/user/42"]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
