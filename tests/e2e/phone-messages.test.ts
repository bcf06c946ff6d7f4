import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, makeJpeg, signUpStudent } from "./support/students";

const PHONE = { width: 360, height: 740 };

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  student: E2eStudent;
}

/** A message of mine the server stored: one tick, two, or two coloured. */
const STORED = /^(Sent|Delivered|Seen)$/;

/** A signed-up student in a browser of their own: a phone (360x740, touch, scale 2) or a desktop. */
async function openAs(browser: Browser, name: string, device: "phone" | "desktop"): Promise<Person> {
  const { context, page, errors } = await openDevice(
    browser,
    baseUrl,
    device === "phone"
      ? { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1280, height: 800 } },
    // Failed requests and sockets while offline are the browser's own reports, not the app's.
    /Failed to load resource|WebSocket|ERR_INTERNET_DISCONNECTED/,
  );
  const student = await signUpStudent(page.request, { name });
  return { context, page, errors, student };
}

const origin = { origin: baseUrl };

/** The seller lists an item; the buyer opens the chat about it. Returns the chat id and item. */
async function chatAboutItem(seller: Person, buyer: Person, productName: string) {
  const itemId = await postItem(
    seller.page,
    {
      productName,
      type: "Earbuds",
      price: 1500,
      category: "gadgets",
      condition: "like new",
      description: "With the case",
    },
    "#0ea5e9",
  );
  return { chatId: await openChatAbout(buyer.page.request, seller.student.id, itemId), itemId };
}

async function sendByApi(request: APIRequestContext, chatId: string, text: string) {
  const response = await request.post(`/api/chats/${chatId}/messages`, {
    data: { type: "text", clientId: `c-${randomUUID()}`, text },
    headers: origin,
  });
  expect(response.status()).toBe(201);
}

/** How many messages of the chat carry exactly this text, as the server has them. */
async function storedCopies(request: APIRequestContext, chatId: string, text: string): Promise<number> {
  const response = await request.get(`/api/chats/${chatId}`);
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  return messages.filter((message) => message.text === text).length;
}

async function expectTapTarget(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.width, what).toBeGreaterThanOrEqual(44);
  expect(box?.height, what).toBeGreaterThanOrEqual(44);
}

/** The page itself never scrolls: everything fits the screen; only the list inside scrolls. */
async function expectPageFitsScreen(page: Page) {
  const sizes = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    height: window.innerHeight,
    width: window.innerWidth,
  }));
  expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.height);
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.width);
}

describe.skipIf(!isBrowserAvailable)("messages on a phone", () => {
  const { browser } = useBrowser();

  it("a thread of 50 messages fills the screen without scrolling the page: header, day separator, groups, Make Offer, back to the list", async () => {
    const seller = await openAs(browser(), "Kunal Shah", "desktop");
    const buyer = await openAs(browser(), "Ira Banerjee", "phone");
    const productName = `Realme Buds Air 5 ${randomBytes(2).toString("hex")}`;
    const { chatId, itemId } = await chatAboutItem(seller, buyer, productName);
    // Runs of three from the buyer and two from the seller, 50 in all.
    for (let index = 0; index < 50; index++) {
      const fromBuyer = index % 5 < 3;
      await sendByApi((fromBuyer ? buyer : seller).page.request, chatId, `Message ${index + 1}`);
    }

    const { page } = buyer;
    await page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
    const log = page.getByRole("log");
    await log.getByText("Message 50", { exact: true }).waitFor();
    await expectPageFitsScreen(page);

    // The list scrolls inside the thread, which starts at the newest message.
    const scroll = await log.evaluate((element) => ({
      top: element.scrollTop,
      height: element.scrollHeight,
      client: element.clientHeight,
    }));
    expect(scroll.height).toBeGreaterThan(scroll.client);
    expect(scroll.top + scroll.client).toBeGreaterThanOrEqual(scroll.height - 2);
    await log.evaluate((element) => element.scrollTo({ top: 0 }));
    await log.getByText("Message 1", { exact: true }).waitFor();
    await expectPageFitsScreen(page);

    // A view of its own: no app bar and no tab bar, the composer sits at the bottom of the screen.
    const thread = page.getByRole("region", { name: "Chat thread" });
    await expect(page.getByRole("navigation", { name: "Sections" }).count()).resolves.toBe(0);
    const threadBox = await thread.boundingBox();
    expect(threadBox).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    const send = page.getByRole("button", { name: "Send", exact: true });
    const sendBox = await send.boundingBox();
    expect((sendBox?.y ?? 0) + (sendBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect(sendBox?.y ?? 0).toBeGreaterThan(PHONE.height - 120);
    const topElement = await page.evaluate(() =>
      document.elementFromPoint(180, 20)?.closest('[aria-label="Chat thread"]'),
    );
    expect(topElement).not.toBeNull();

    // The header names the item with its price and status and leads to it.
    const header = page.getByRole("link", {
      name: new RegExp(`Kunal Shah.*${productName}.*₹1,500.*Available`),
    });
    await expect(header.getAttribute("href")).resolves.toBe(`/item/${itemId}`);

    // One day: one 'Today' separator. Runs from one person sit close; a new person starts apart.
    await expect(log.getByText("Today", { exact: true }).count()).resolves.toBe(1);
    const bubble = (text: string) =>
      log.getByRole("listitem").filter({ has: page.getByText(text, { exact: true }) });
    const gap = async (first: string, second: string) => {
      const a = await bubble(first).boundingBox();
      const b = await bubble(second).boundingBox();
      return (b?.y ?? 0) - ((a?.y ?? 0) + (a?.height ?? 0));
    };
    expect(await gap("Message 1", "Message 2")).toBeLessThan(6);
    expect(await gap("Message 3", "Message 4")).toBeGreaterThanOrEqual(10);

    // The offer box opens from Make Offer instead of filling the screen.
    await expect(page.getByLabel("Offer price (₹)").count()).resolves.toBe(0);
    const makeOffer = page.getByRole("button", { name: "Make Offer" });
    for (const [control, what] of [
      [makeOffer, "Make Offer"],
      [page.getByRole("button", { name: "Send Photo" }), "Send Photo"],
      [send, "Send"],
      [page.getByRole("link", { name: "Back to conversations" }), "Back"],
    ] as const) {
      await expectTapTarget(control, what);
    }
    await makeOffer.tap();
    await page.getByLabel("Offer price (₹)").fill("1200");
    await page.getByRole("button", { name: "Send Offer" }).tap();
    await log.getByText("Offer: ₹1,200").waitFor();
    await expect(page.getByLabel("Offer price (₹)").count()).resolves.toBe(0);
    await expectPageFitsScreen(page);
    await expectNoSeriousA11yViolations(page);

    // The back arrow returns to the list, where the chat is a row with the last message.
    await page.getByRole("link", { name: "Back to conversations" }).tap();
    await page.waitForURL(/\/messages$/);
    await page.getByRole("link", { name: /Kunal Shah/ }).waitFor();
    await page.getByRole("navigation", { name: "Sections" }).waitFor();
    await expectPageFitsScreen(page);

    expect(buyer.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });

  it("my message shows Sent, Delivered once it reaches the other phone, then Seen live once they open the chat; the push card after the first message; a photo previewed, then arriving live", async () => {
    const seller = await openAs(browser(), "Kunal Shah", "phone");
    const buyer = await openAs(browser(), "Ira Banerjee", "phone");
    const { chatId } = await chatAboutItem(seller, buyer, `Study lamp ${randomBytes(2).toString("hex")}`);
    const chatUrl = `/messages?chatId=${encodeURIComponent(chatId)}`;
    // The seller's phone has the app closed: nothing receives the first message yet.
    await seller.page.goto("about:blank");

    await buyer.page.goto(chatUrl);
    const buyerLog = buyer.page.getByRole("log");
    await buyer.page.getByRole("textbox", { name: "Type a message" }).fill("Is it still available?");
    await buyer.page.getByRole("textbox", { name: "Type a message" }).press("Enter");
    const mine = buyerLog.getByRole("listitem").filter({ hasText: "Is it still available?" });
    await mine.getByRole("img", { name: "Sent" }).waitFor();
    await expect(mine.getByRole("img", { name: "Seen" }).count()).resolves.toBe(0);
    // The first message in the chat: the card offering pushes, in the seller's name. 'Not now'.
    const card = buyer.page.getByRole("region", { name: "Get notified when Kunal Shah replies" });
    await card.waitFor();
    await expectNoSeriousA11yViolations(buyer.page);
    await card.getByRole("button", { name: "Not now" }).tap();
    await expect(card.count()).resolves.toBe(0);

    // The seller's phone has the app open elsewhere: the message reaches it over the socket, and
    // the buyer's tick turns Delivered (two grey ticks) without a reload.
    await seller.page.goto("/dashboard");
    await buyer.page.getByRole("textbox", { name: "Type a message" }).fill("Can I see it today?");
    await buyer.page.getByRole("textbox", { name: "Type a message" }).press("Enter");
    const second = buyerLog.getByRole("listitem").filter({ hasText: "Can I see it today?" });
    await second.getByRole("img", { name: "Delivered" }).waitFor({ timeout: 10_000 });
    // Asked once: the second message brings no card.
    await expect(card.count()).resolves.toBe(0);

    // The seller opens the chat: the buyer's ticks turn Seen (coloured) without a reload.
    await seller.page.goto(chatUrl);
    await seller.page.getByRole("log").getByText("Is it still available?").waitFor();
    await mine.getByRole("img", { name: "Seen" }).waitFor({ timeout: 10_000 });
    await second.getByRole("img", { name: "Seen" }).waitFor({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(buyer.page);

    // A photo from the buyer: previewed with Send and Cancel, then uploaded with the image
    // pipeline, shown on both sides live.
    await buyer.page.locator('input[type="file"]').setInputFiles({
      name: "lamp.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg(buyer.page, "#f59e0b"),
    });
    const preview = buyer.page.getByRole("group", { name: "Photo to send" });
    await preview.getByRole("img", { name: "Preview of lamp.jpg" }).waitFor();
    await preview.getByRole("button", { name: "Send" }).tap();
    const sentPhoto = buyerLog.getByRole("button", { name: "Photo, open full size" });
    await sentPhoto.waitFor({ timeout: 15_000 });
    const arrived = seller.page.getByRole("log").getByRole("button", { name: "Photo, open full size" });
    await arrived.waitFor({ timeout: 10_000 });
    await expect
      .poll(() => arrived.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await arrived.tap();
    const full = seller.page.getByRole("dialog").getByRole("img", { name: "Sent in the conversation" });
    await full.waitFor();
    await expect
      .poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await seller.page.getByRole("button", { name: "Close" }).tap();
    // The list says 'Photo' for it.
    await seller.page.getByRole("link", { name: "Back to conversations" }).tap();
    await seller.page
      .getByRole("link", { name: /Ira Banerjee/ })
      .getByText("Photo", { exact: true })
      .waitFor();

    expect(buyer.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });

  it("a message written offline shows Sending…, and is sent once when the connection is back, also after the page was closed or from another page", async () => {
    const seller = await openAs(browser(), "Kunal Shah", "desktop");
    const buyer = await openAs(browser(), "Ira Banerjee", "phone");
    const { chatId } = await chatAboutItem(seller, buyer, `Drafter ${randomBytes(2).toString("hex")}`);
    const chatUrl = `/messages?chatId=${encodeURIComponent(chatId)}`;
    await buyer.page.goto(chatUrl);
    const box = buyer.page.getByRole("textbox", { name: "Type a message" });
    await box.waitFor();

    // Offline: the message waits as 'Sending…', never 'Not sent'.
    await buyer.context.setOffline(true);
    await buyer.page.waitForFunction(() => !navigator.onLine);
    const first = `On the bus, back soon ${randomBytes(2).toString("hex")}`;
    await box.fill(first);
    await box.press("Enter");
    const firstBubble = buyer.page.getByRole("log").getByRole("listitem").filter({ hasText: first });
    await firstBubble.getByText("Sending…").waitFor();
    await buyer.page.waitForTimeout(2_000);
    await expect(firstBubble.getByText("Not sent").count()).resolves.toBe(0);
    await buyer.context.setOffline(false);
    await firstBubble.getByRole("img", { name: STORED }).waitFor({ timeout: 15_000 });
    await expect(storedCopies(seller.page.request, chatId, first)).resolves.toBe(1);

    // Offline again, and the page is closed before the connection returns.
    await buyer.context.setOffline(true);
    await buyer.page.waitForFunction(() => !navigator.onLine);
    const second = `Sent from the basement ${randomBytes(2).toString("hex")}`;
    await box.fill(second);
    await box.press("Enter");
    await buyer.page
      .getByRole("log")
      .getByRole("listitem")
      .filter({ hasText: second })
      .getByText("Sending…")
      .waitFor();
    await buyer.page.waitForTimeout(1_000);
    await expect(storedCopies(seller.page.request, chatId, second)).resolves.toBe(0);
    await buyer.page.close();
    await buyer.context.setOffline(false);

    // Opened again: the kept message goes out by itself, once.
    const page = await buyer.context.newPage();
    page.on("pageerror", (error) => buyer.errors.push(`pageerror: ${error.message}`));
    await page.goto(chatUrl);
    const secondBubble = page.getByRole("log").getByRole("listitem").filter({ hasText: second });
    await secondBubble.getByRole("img", { name: STORED }).waitFor({ timeout: 15_000 });
    await expect(storedCopies(seller.page.request, chatId, second)).resolves.toBe(1);
    await page.reload();
    await page.getByRole("log").getByText(second).waitFor();
    await expect(page.getByRole("log").getByText(second).count()).resolves.toBe(1);
    await expect(storedCopies(seller.page.request, chatId, second)).resolves.toBe(1);
    await expect(storedCopies(seller.page.request, chatId, first)).resolves.toBe(1);
    const outboxKeys = (on: typeof page) =>
      on.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("campus-bazaar:outbox:")));
    await expect(outboxKeys(page)).resolves.toEqual([]);

    // Kept offline, and the app is next opened on another page: it goes out from there, once.
    await page.context().setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const third = `Written in the lift ${randomBytes(2).toString("hex")}`;
    await page.getByRole("textbox", { name: "Type a message" }).fill(third);
    await page.getByRole("textbox", { name: "Type a message" }).press("Enter");
    await page
      .getByRole("log")
      .getByRole("listitem")
      .filter({ hasText: third })
      .getByText("Sending…")
      .waitFor();
    await page.close();
    await buyer.context.setOffline(false);
    const elsewhere = await buyer.context.newPage();
    elsewhere.on("pageerror", (error) => buyer.errors.push(`pageerror: ${error.message}`));
    await elsewhere.goto("/buy");
    await elsewhere.getByRole("heading", { name: "Browse Items" }).waitFor();
    await expect.poll(() => storedCopies(seller.page.request, chatId, third)).toBe(1);
    await expect.poll(() => outboxKeys(elsewhere)).toEqual([]);
    await elsewhere.reload();
    await elsewhere.getByRole("heading", { name: "Browse Items" }).waitFor();
    await elsewhere.waitForTimeout(1_000);
    await expect(storedCopies(seller.page.request, chatId, third)).resolves.toBe(1);

    expect(buyer.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });
  it("a message written offline in a chat is delivered from another page once the connection is back, once", async () => {
    const seller = await openAs(browser(), "Rohan Mehta", "desktop");
    const buyer = await openAs(browser(), "Sana Qureshi", "phone");
    const productName = `Walker ${randomBytes(2).toString("hex")}`;
    const { chatId } = await chatAboutItem(seller, buyer, productName);
    const chatUrl = `/messages?chatId=${encodeURIComponent(chatId)}`;
    await seller.page.goto(chatUrl);
    await seller.page.getByRole("log").waitFor();

    // The buyer opens the chat from Browse and the list: one page load, every later step inside the app.
    await buyer.page.goto("/buy");
    await buyer.page.getByRole("heading", { name: "Browse Items" }).waitFor();
    await buyer.page
      .getByRole("navigation")
      .getByRole("link", { name: /^Messages/ })
      .click();
    await buyer.page
      .getByRole("link", { name: new RegExp(productName) })
      .first()
      .click();
    const box = buyer.page.getByRole("textbox", { name: "Type a message" });
    await box.waitFor();
    await buyer.page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });

    await buyer.context.setOffline(true);
    await buyer.page.waitForFunction(() => !navigator.onLine);
    const text = `Typed on the metro ${randomBytes(2).toString("hex")}`;
    await box.fill(text);
    await box.press("Enter");
    await buyer.page
      .getByRole("log")
      .getByRole("listitem")
      .filter({ hasText: text })
      .getByText("Sending…")
      .waitFor();

    // Away from the chat (back to the list, then Browse) before the connection returns.
    await buyer.page.goBack();
    await buyer.page.getByRole("navigation").getByRole("link", { name: "Browse" }).click();
    await buyer.page.getByRole("heading", { name: "Browse Items" }).waitFor();
    await expect(storedCopies(seller.page.request, chatId, text)).resolves.toBe(0);
    await buyer.context.setOffline(false);

    // The seller, who has the chat open, sees it arrive; the server holds one copy.
    await seller.page.getByRole("log").getByText(text).waitFor({ timeout: 15_000 });
    await expect(storedCopies(seller.page.request, chatId, text)).resolves.toBe(1);
    await expect
      .poll(() =>
        buyer.page.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.startsWith("campus-bazaar:outbox:")),
        ),
      )
      .toEqual([]);
    await expect(
      buyer.page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage),
    ).resolves.toBe(true);
    await buyer.page.waitForTimeout(1_000);
    await expect(storedCopies(seller.page.request, chatId, text)).resolves.toBe(1);
    await expect(seller.page.getByRole("log").getByText(text).count()).resolves.toBe(1);

    expect(buyer.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });
});
