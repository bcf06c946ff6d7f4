import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, signUpStudent } from "./support/students";

// Issue 18, "Scam guard in chat", on a 360x740 phone: the safety card opens a first conversation,
// and a message that asks for a QR scan (or a photo of a QR code) arrives live with the warning
// and 'Report' under it, for the recipient only.

const PHONE = { width: 360, height: 740 };
const WARNING = "You never need to scan a QR code or enter your UPI PIN to receive money.";
const SAFETY_CARD =
  "Meet in a public place on campus. Check the item before you pay. Never share OTPs or your UPI PIN.";
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

async function chatAboutItem(seller: Person, buyer: Person, productName: string): Promise<string> {
  const itemId = await postItem(
    seller.page,
    { productName, type: "Cycle", price: 4500, description: "Gears work" },
    "#16a34a",
  );
  return openChatAbout(buyer.page.request, seller.student.id, itemId);
}

async function send(request: APIRequestContext, chatId: string, body: object) {
  const response = await request.post(`/api/chats/${chatId}/messages`, {
    data: { clientId: `c-${randomUUID()}`, ...body },
    headers: origin,
  });
  expect(response.status()).toBe(201);
}

async function sendQrPhoto(request: APIRequestContext, chatId: string) {
  const qr = await QRCode.toBuffer("upi://pay?pa=fakebuyer@ybl&pn=Buyer&am=4500", { width: 320, margin: 4 });
  const upload = await request.post("/api/uploads/chat-photo", {
    multipart: { file: { name: "pay.png", mimeType: "image/png", buffer: qr } },
    headers: origin,
  });
  expect(upload.status()).toBe(201);
  const photoId = ((await upload.json()) as { url: string }).url.split("/").at(-1);
  await send(request, chatId, { type: "photo", photoId });
}

describe.skipIf(!isBrowserAvailable)("the scam guard on a phone", () => {
  const { browser } = useBrowser();

  it("the seller sees the safety card, then the warning and Report under the fake buyer's messages, live; the buyer sees none", async () => {
    const seller = await openPhone(browser(), "Ananya Rao");
    const buyer = await openPhone(browser(), "Fake Buyer");
    const chatId = await chatAboutItem(seller, buyer, `Hero Sprint cycle ${randomBytes(2).toString("hex")}`);
    const chatUrl = `/messages?chatId=${encodeURIComponent(chatId)}`;

    const { page } = seller;
    await page.goto(chatUrl);
    const log = page.getByRole("log");
    const card = log.getByRole("region", { name: "Safety tips" });
    await card.getByText(SAFETY_CARD).waitFor();
    const cardBox = await card.boundingBox();
    expect(cardBox?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: "test-results/safety-card-phone.png" });

    // The buyer writes while the seller's chat is open: everything arrives without a reload.
    await send(buyer.page.request, chatId, {
      type: "text",
      text: "can you do 4000? meet at the library at 5",
    });
    await send(buyer.page.request, chatId, {
      type: "text",
      text: "I am paying now. QR scan karo aur UPI PIN daalo, paise aa jayenge",
    });
    await sendQrPhoto(buyer.page.request, chatId);

    const bubble = (text: string) => log.getByRole("listitem").filter({ hasText: text });
    const scam = bubble("QR scan karo");
    await scam.getByRole("note", { name: "Scam warning" }).getByText(WARNING).waitFor({ timeout: 10_000 });
    await expect(bubble("can you do 4000?").getByRole("note").count()).resolves.toBe(0);
    // The QR photo arrives blurred, with what it is, and shows on a tap. Its kind (a QR code) was
    // explained under the text already: it gets the 'Flagged' chip (issue 38).
    const held = page.getByRole("button", { name: /This photo shows a QR code\./ });
    const photo = log.getByRole("listitem").filter({ has: held });
    await photo.getByRole("button", { name: "Flagged" }).waitFor({ timeout: 15_000 });
    await expect(log.getByRole("note", { name: "Scam warning" }).count()).resolves.toBe(1);

    // The warning fits the phone's width and its Report button is a full tap target.
    const report = scam.getByRole("button", { name: "Report" });
    const reportBox = await report.boundingBox();
    expect(reportBox?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(reportBox?.width ?? 0).toBeGreaterThanOrEqual(44);
    const noteBox = await scam.getByRole("note").boundingBox();
    expect((noteBox?.x ?? 0) + (noteBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: "test-results/scam-guard-phone.png" });
    await expectNoSeriousA11yViolations(page);

    await held.tap();
    await log.getByRole("button", { name: "Photo, open full size" }).waitFor();
    await expect(held.count()).resolves.toBe(0);

    // Report opens 'Report this message', which reports it to the team.
    await report.tap();
    const dialog = page.getByRole("dialog", { name: "Report this message" });
    await dialog.getByRole("radio", { name: "Scam or fraud" }).check();
    await dialog.getByRole("button", { name: "Send Report" }).tap();
    await dialog.getByText("Thanks. Our team will review this.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).tap();

    // The buyer's own view of the same chat: the safety card, the messages, no warning.
    await buyer.page.goto(chatUrl);
    const buyerLog = buyer.page.getByRole("log");
    await buyerLog.getByText(SAFETY_CARD).waitFor();
    await buyerLog.getByText("QR scan karo", { exact: false }).waitFor();
    await expect(buyerLog.getByRole("note", { name: "Scam warning" }).count()).resolves.toBe(0);

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
