import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openPhone, type Phone } from "./support/phones";
import { makeJpeg } from "./support/students";

const origin = { origin: baseUrl };

async function listItem(seller: Phone, productName: string): Promise<string> {
  const upload = await seller.page.request.post("/api/uploads/images", {
    multipart: {
      file: { name: "lamp.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(seller.page, "#0ea5e9") },
    },
    headers: origin,
  });
  expect(upload.status()).toBe(201);
  const created = await seller.page.request.post("/api/items", {
    data: {
      productName,
      type: "Lamp",
      price: 600,
      category: "other",
      condition: "used",
      description: "Warm light, works well",
      showMobileNumber: false,
      isNegotiable: true,
      productImage: ((await upload.json()) as { url: string }).url,
    },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { item: { id: string } }).item.id;
}

describe.skipIf(!isBrowserAvailable)("the pickup code, on two phones", () => {
  const { browser } = useBrowser();

  it("offer accepted: the buyer sees the code, the seller confirms the handover with it, both are asked to rate", async () => {
    const seller = await openPhone(browser(), "Kunal Shah");
    const buyer = await openPhone(browser(), "Ira Banerjee");
    const productName = `Study lamp ${randomBytes(2).toString("hex")}`;
    const itemId = await listItem(seller, productName);

    // The buyer opens the chat and offers ₹550.
    const opened = await buyer.page.request.post("/api/chats", {
      data: { userId: seller.student.id, itemId },
      headers: origin,
    });
    expect(opened.status()).toBe(200);
    const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
    const offered = await buyer.page.request.post(`/api/chats/${chatId}/messages`, {
      data: { type: "offer", clientId: randomUUID(), offerPrice: 550 },
      headers: origin,
    });
    expect(offered.status()).toBe(201);

    const chatUrl = `/messages?chatId=${encodeURIComponent(chatId)}`;
    await buyer.page.goto(chatUrl);
    await seller.page.goto(chatUrl);
    const sellerThread = seller.page.getByRole("region", { name: "Chat thread" });
    const buyerThread = buyer.page.getByRole("region", { name: "Chat thread" });

    // The seller accepts: the item is reserved, and the buyer's chat shows the code, live.
    await sellerThread
      .getByRole("log")
      .getByRole("listitem")
      .filter({ hasText: "Offer: ₹550" })
      .getByRole("button", { name: "Accept" })
      .tap();
    const card = buyerThread.getByRole("region", { name: "Pickup code" });
    await card.getByText("Show this code to the seller when you collect the item.").waitFor();
    const code = (await card.locator("span[aria-hidden='true']").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[0-9]{4}$/);
    await expectNoSeriousA11yViolations(buyer.page);

    // The seller never sees the code: only 'Confirm handover'.
    const confirm = sellerThread.getByRole("button", { name: "Confirm handover" });
    await confirm.waitFor();
    expect(await sellerThread.getByRole("region", { name: "Pickup code" }).count()).toBe(0);
    expect(await seller.page.getByText(code, { exact: true }).count()).toBe(0);

    // A wrong code first: refused in plain words, nothing sold.
    await confirm.tap();
    const dialog = seller.page.getByRole("dialog", { name: "Confirm handover" });
    const input = dialog.getByLabel("Pickup code from Ira Banerjee");
    const wrong = String((Number(code) + 1) % 10000).padStart(4, "0");
    await input.fill(wrong);
    await dialog.getByRole("button", { name: "Confirm handover" }).tap();
    await dialog.getByText(/That code is not right\. 4 tries left/).waitFor();
    await expectNoSeriousA11yViolations(seller.page);

    // The right one sells the item to the buyer in one step.
    await input.fill(code);
    await dialog.getByRole("button", { name: "Confirm handover" }).tap();
    await dialog.waitFor({ state: "detached" });

    // Both are asked to rate each other: in the chat, live for the buyer.
    await sellerThread.getByRole("button", { name: "Rate Ira Banerjee" }).waitFor();
    await buyerThread.getByRole("button", { name: "Rate Kunal Shah" }).waitFor();
    await buyerThread.getByText("Sold", { exact: true }).waitFor();
    expect(await buyerThread.getByRole("region", { name: "Pickup code" }).count()).toBe(0);
    expect(await sellerThread.getByRole("button", { name: "Confirm handover" }).count()).toBe(0);

    // The seller rates through the existing rating dialog.
    await sellerThread.getByRole("button", { name: "Rate Ira Banerjee" }).tap();
    const rates = seller.page.getByRole("dialog", { name: "Rate Ira Banerjee" });
    await rates.locator("label").filter({ hasText: "5 stars" }).tap();
    await rates.getByRole("button", { name: "Submit Rating" }).tap();
    await sellerThread.getByRole("button", { name: "Rate Ira Banerjee" }).waitFor({ state: "detached" });

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
