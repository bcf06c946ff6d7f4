import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, signUpStudent } from "./support/students";

// Issue 38, "Warnings that fit the scam", on two 360x740 phones: a stranger's first message with a
// number is flagged once with the words for leaving the chat, the next one of that kind gets a
// 'Flagged' chip; after the second flag a banner with Report and Block tops the chat; the stranger
// is told once; a photo with a QR code arrives blurred, with the QR words and 'Show anyway'.

const PHONE = { width: 360, height: 740 };
const OFF_PLATFORM = "Keep the chat here until you meet. Scammers move to WhatsApp to avoid reports.";
const QR_WORDS = "You never need to scan a QR code or enter your UPI PIN to receive money.";
const SENDER_NOTICE = "Messages asking for payment before a meeting are flagged to the other person.";
const origin = { origin: baseUrl };

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  student: E2eStudent;
}

async function openPhone(browser: Browser, name: string): Promise<Person> {
  const { context, page, errors } = await openDevice(browser, baseUrl, {
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const student = await signUpStudent(page.request, { name });
  return { context, page, errors, student };
}

async function sendQrPhoto(request: APIRequestContext, chatId: string) {
  const qr = await QRCode.toBuffer("upi://pay?pa=stranger@ybl&pn=Buyer&am=4500", { width: 320, margin: 4 });
  const upload = await request.post("/api/uploads/chat-photo", {
    multipart: { file: { name: "pay.png", mimeType: "image/png", buffer: qr } },
    headers: origin,
  });
  expect(upload.status()).toBe(201);
  const photoId = ((await upload.json()) as { url: string }).url.split("/").at(-1);
  const sent = await request.post(`/api/chats/${chatId}/messages`, {
    data: { type: "photo", clientId: `c-${randomUUID()}`, photoId },
    headers: origin,
  });
  expect(sent.status()).toBe(201);
}

async function type(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Type a message" }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).tap();
}

describe.skipIf(!isBrowserAvailable)("warnings that fit the scam, on two phones", () => {
  const { browser } = useBrowser();

  it("a stranger's number is flagged once then chipped, the banner follows the second flag, and a QR photo arrives blurred", async () => {
    const seller = await openPhone(browser(), "Ananya Rao");
    const stranger = await openPhone(browser(), "Rohit Verma");
    const itemId = await postItem(
      seller.page,
      { productName: `Hero Sprint cycle ${randomBytes(2).toString("hex")}`, type: "Cycle", price: 4500 },
      "#16a34a",
    );
    const chatId = await openChatAbout(stranger.page.request, seller.student.id, itemId);
    const chatUrl = `/messages?chatId=${encodeURIComponent(chatId)}`;
    await Promise.all([seller.page.goto(chatUrl), stranger.page.goto(chatUrl)]);
    const log = seller.page.getByRole("log");
    const strangerLog = stranger.page.getByRole("log");
    await log.getByRole("region", { name: "Safety tips" }).waitFor();
    const bubble = (text: string) => log.getByRole("listitem").filter({ hasText: text });
    const warnings = log.getByRole("note", { name: "Scam warning" });

    // The stranger's first message, with a number: the seller sees the words once, live.
    await type(stranger.page, "Hi, is the cycle available? Call me on 98765 43210");
    await bubble("Call me on").getByRole("note", { name: "Scam warning" }).getByText(OFF_PLATFORM).waitFor();
    // The stranger is told once, under their own message, and sees no warning.
    await strangerLog.getByText(SENDER_NOTICE).waitFor();
    await expect(strangerLog.getByRole("note", { name: "Scam warning" }).count()).resolves.toBe(0);
    await expect(seller.page.getByRole("region", { name: "Scam alert" }).count()).resolves.toBe(0);

    // A second message of the same kind: a chip, not the words again; and the banner.
    await type(stranger.page, "or msg me on WhatsApp, faster there");
    const chip = bubble("msg me on WhatsApp").getByRole("button", { name: "Flagged" });
    await chip.waitFor();
    await expect(warnings.count()).resolves.toBe(1);
    const banner = seller.page.getByRole("region", { name: "Scam alert" });
    await banner
      .getByText("Rohit Verma has asked for payment before meeting twice. This is how most scams start.")
      .waitFor();
    await expect(banner.getByRole("button", { name: "Report" }).isVisible()).resolves.toBe(true);
    await expect(banner.getByRole("button", { name: "Block" }).isVisible()).resolves.toBe(true);
    await chip.tap();
    const popover = bubble("msg me on WhatsApp").getByRole("note", { name: "Scam warning" });
    await popover.getByText(OFF_PLATFORM).waitFor();
    const popoverBox = await popover.boundingBox();
    expect((popoverBox?.x ?? 0) + (popoverBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await expect(strangerLog.getByText(SENDER_NOTICE).count()).resolves.toBe(1);

    // A QR photo: blurred, with the QR words under it and 'Show anyway'.
    await sendQrPhoto(stranger.page.request, chatId);
    const held = seller.page.getByRole("button", { name: /Show anyway/ });
    await held.waitFor({ timeout: 15_000 });
    await expect(held.locator("img").getAttribute("class")).resolves.toContain("blur-xl");
    await log.getByRole("listitem").filter({ has: held }).getByText(QR_WORDS).waitFor();
    const pageWidth = await seller.page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
    await seller.page.screenshot({ path: "test-results/scam-kinds-phone.png" });
    await expectNoSeriousA11yViolations(seller.page);
    await held.tap();
    await log.getByRole("button", { name: "Photo, open full size" }).waitFor();

    // Block from the banner asks first, then the chat is closed to both.
    await banner.getByRole("button", { name: "Block" }).tap();
    const confirm = seller.page.getByRole("dialog", { name: "Block Rohit Verma" });
    await confirm.getByRole("button", { name: "Block" }).tap();
    await seller.page.getByText("You can't reply to this conversation.").waitFor();
    await expect(banner.count()).resolves.toBe(0);

    expect(seller.errors).toEqual([]);
    expect(stranger.errors).toEqual([]);
    await seller.context.close();
    await stranger.context.close();
  });
});
