import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { type E2eStudent, makeJpeg, signUpStudent } from "./support/students";

const PHONE = { width: 360, height: 740 };
const origin = { origin: baseUrl };

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  student: E2eStudent;
}

/** A signed-up student on a phone of their own (360x740, touch). */
async function openPhone(browser: Browser, name: string): Promise<Person> {
  const { context, page, errors } = await openDevice(
    browser,
    baseUrl,
    { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    /Failed to load resource|WebSocket/,
  );
  const student = await signUpStudent(page.request, { name });
  return { context, page, errors, student };
}

async function listItem(seller: Person, productName: string): Promise<string> {
  const upload = await seller.page.request.post("/api/uploads/images", {
    multipart: {
      file: { name: "buds.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(seller.page, "#f59e0b") },
    },
    headers: origin,
  });
  expect(upload.status()).toBe(201);
  const created = await seller.page.request.post("/api/items", {
    data: {
      productName,
      type: "Earbuds",
      price: 500,
      category: "gadgets",
      condition: "like new",
      description: "With the case",
      showMobileNumber: false,
      isNegotiable: true,
      productImage: ((await upload.json()) as { url: string }).url,
    },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { item: { id: string } }).item.id;
}

/** The offer bubble in the open thread that shows this amount. */
const offerBubble = (page: Page, amount: string) =>
  page
    .getByRole("log")
    .getByRole("listitem")
    .filter({ hasText: `Offer: ${amount}` });

describe.skipIf(!isBrowserAvailable)("a deal between two students, on phones", () => {
  const { browser } = useBrowser();

  it("offer, counter, accept: reserved for a third student's browse; sold to the buyer; both rate, revealed after the second", async () => {
    const seller = await openPhone(browser(), "Kunal Shah");
    const buyer = await openPhone(browser(), "Ira Banerjee");
    const third = await openPhone(browser(), "Dev Patel");
    const productName = `Realme Buds Air 5 ${randomBytes(2).toString("hex")}`;
    const itemId = await listItem(seller, productName);

    // The buyer's Make Offer (beside Contact Seller) opens the chat with the offer input ready.
    await buyer.page.goto(`/item/${itemId}`);
    await buyer.page.getByRole("button", { name: "Make Offer" }).tap();
    await buyer.page.waitForURL(/\/messages\?chatId=.*offer=1/);
    const chatId = new URL(buyer.page.url()).searchParams.get("chatId") ?? "";
    await buyer.page.getByLabel("Offer price (₹)").fill("400");
    await buyer.page.getByRole("button", { name: "Send Offer" }).tap();
    await offerBubble(buyer.page, "₹400").getByText("Pending").waitFor();

    // The seller sees it live, with Accept, Decline and Counter, and counters with ₹450.
    await seller.page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
    const received = offerBubble(seller.page, "₹400");
    await received.getByRole("button", { name: "Accept" }).waitFor();
    await received.getByRole("button", { name: "Decline" }).waitFor();
    await received.getByRole("button", { name: "Counter" }).tap();
    const counterDialog = seller.page.getByRole("dialog", { name: "Counter-offer" });
    await counterDialog.getByLabel("Offer price (₹)").fill("450");
    await counterDialog.getByRole("button", { name: "Send Counter" }).tap();
    await received.getByText("Countered").waitFor();

    // The buyer sees the counter live on both bubbles and accepts it: the item is reserved.
    await offerBubble(buyer.page, "₹400").getByText("Countered").waitFor();
    const counter = offerBubble(buyer.page, "₹450");
    await counter.getByRole("button", { name: "Accept" }).tap();
    await counter.getByText("Accepted").waitFor();
    await offerBubble(seller.page, "₹450").getByText("Accepted").waitFor();
    // The accepted price is the deal's: both headers say it, live, to each side in their words.
    await buyer.page
      .getByRole("region", { name: "Chat thread" })
      .getByText("Reserved for you at ₹450", { exact: true })
      .waitFor();
    await seller.page
      .getByRole("region", { name: "Chat thread" })
      .getByText("Reserved for Ira Banerjee at ₹450", { exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(buyer.page);
    // The chat list's last line is the accept, not the counter.
    await seller.page.goto("/messages");
    await seller.page.getByRole("tab", { name: /^Selling/ }).tap();
    await seller.page
      .getByRole("link", { name: /Ira Banerjee/ })
      .getByText("Offer accepted: ₹450", { exact: true })
      .waitFor();

    // A third student still finds it in browse, marked Reserved at the deal's price, unless
    // 'Hide reserved' is ticked.
    await third.page.goto(`/buy?search=${encodeURIComponent(productName)}&college=`);
    const card = third.page.getByRole("article").filter({ hasText: productName });
    await card.getByText("Reserved", { exact: true }).waitFor();
    await card.getByText("Listed at ₹500", { exact: true }).waitFor();
    await card.getByText("₹450", { exact: true }).waitFor();

    // The seller marks it sold, to the buyer (the reserved buyer is offered first).
    await seller.page.goto(`/item/${itemId}`);
    await seller.page.getByRole("button", { name: "Mark as Sold" }).first().tap();
    // One dialog asks and names the buyer.
    const whoBought = seller.page.getByRole("dialog", { name: "Mark as Sold" });
    await expect(whoBought.getByRole("radio", { name: "Ira Banerjee" }).isChecked()).resolves.toBe(true);
    await whoBought.getByRole("radio", { name: "Someone else" }).waitFor();
    await whoBought.getByRole("button", { name: "Mark as Sold" }).tap();
    await seller.page.getByText("This item is sold and hidden from the marketplace.").waitFor();

    // The buyer's open chat turns Sold and offers 'Rate Kunal Shah', live.
    await buyer.page
      .getByRole("region", { name: "Chat thread" })
      .getByText("Sold", { exact: true })
      .waitFor();
    await buyer.page.getByRole("button", { name: "Rate Kunal Shah" }).tap();
    const buyerRates = buyer.page.getByRole("dialog", { name: "Rate Kunal Shah" });
    await buyerRates.locator("label").filter({ hasText: "5 stars" }).tap();
    await buyerRates.getByLabel("Comment (optional)").fill("Friendly, on time at the library.");
    await buyerRates.getByRole("button", { name: "Submit Rating" }).tap();
    await buyer.page.getByRole("button", { name: "Rate Kunal Shah" }).waitFor({ state: "detached" });

    // Double-blind: the seller's profile shows nothing until the seller has rated too.
    await third.page.goto(`/profile/${seller.student.id}`);
    await third.page.getByText("No reviews yet.").waitFor();

    // The seller rates from the rating prompt 'Rate Ira Banerjee': it opens the chat with the dialog.
    await seller.page.goto("/notifications");
    const prompt = seller.page
      .getByRole("list", { name: "Notifications" })
      .getByRole("listitem")
      .filter({ hasText: "Rate Ira Banerjee" });
    await prompt.getByRole("link", { name: "Open chat" }).tap();
    await seller.page.waitForURL(`**/messages?chatId=${encodeURIComponent(chatId)}&rate=1`);
    const sellerRates = seller.page.getByRole("dialog", { name: "Rate Ira Banerjee" });
    await sellerRates.locator("label").filter({ hasText: "4 stars" }).tap();
    await sellerRates.getByRole("button", { name: "Submit Rating" }).tap();
    await seller.page.getByRole("button", { name: "Rate Ira Banerjee" }).waitFor({ state: "detached" });

    // Both ratings now show on both profiles.
    await third.page.goto(`/profile/${seller.student.id}`);
    const sellerReviews = third.page.getByRole("region", { name: "Reviews" });
    await sellerReviews.getByText("Ira Banerjee").waitFor();
    await sellerReviews.getByText("Friendly, on time at the library.").waitFor();
    await sellerReviews.getByText("5 of 5 stars").waitFor();
    await third.page.goto(`/profile/${buyer.student.id}`);
    const buyerReviews = third.page.getByRole("region", { name: "Reviews" });
    await buyerReviews.getByText("Kunal Shah").waitFor();
    await buyerReviews.getByText("4 of 5 stars").waitFor();

    for (const person of [seller, buyer, third]) {
      expect(person.errors).toEqual([]);
      await person.context.close();
    }
  });
});
