// Meetup spots and a meetup agreed in the chat, on two phones (issue 38): a student suggests a
// spot, the administrator approves it in the Colleges tab, the buyer suggests it for tomorrow
// at 5 pm, the seller accepts, and both headers show the meetup; at the meetup the seller
// confirms the buyer's pickup code and both are asked to rate.
import { randomBytes } from "node:crypto";
import { MEETUP_TEXTS } from "@shared/meetups-constants";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";
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
      price: 300,
      category: "other",
      condition: "used",
      description: "Works well",
      showMobileNumber: false,
      isNegotiable: true,
      productImage: ((await upload.json()) as { url: string }).url,
    },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { item: { id: string } }).item.id;
}

/** The meetup card in the open thread. */
const meetupCard = (page: Page) =>
  page.getByRole("log").getByRole("article").filter({ hasText: "Meetup" }).last();

describe.skipIf(!isBrowserAvailable)("a meetup agreed in the chat, on two phones", () => {
  const { browser } = useBrowser();

  it("a suggested spot is approved; the buyer suggests it for tomorrow, the seller accepts, both headers show it", async () => {
    const seller = await openPhone(browser(), "Kunal Shah");
    const buyer = await openPhone(browser(), "Ira Banerjee");
    const spotName = `Library steps ${randomBytes(2).toString("hex")}`;
    const itemId = await listItem(seller, `Study lamp ${randomBytes(2).toString("hex")}`);

    // The seller suggests a spot for the college (IIT Madras, both students').
    const search = await seller.page.request.get("/api/colleges/search?q=IIT%20Madras");
    const college = ((await search.json()) as { colleges: { id: string; name: string }[] }).colleges.find(
      (each) => each.name === "IIT Madras",
    );
    expect(college).toBeDefined();
    const suggested = await seller.page.request.post(`/api/colleges/${college?.id}/meetup-spots`, {
      data: { name: spotName, directions: "On the steps in front of the central library." },
      headers: origin,
    });
    expect(suggested.status()).toBe(201);

    // The administrator approves it in the Colleges tab.
    const admin = await openPage(browser(), baseUrl);
    await signInAdminInBrowser(admin.page);
    await admin.page.getByRole("tab", { name: "Colleges" }).click();
    await admin.page.getByRole("button", { name: `Approve ${spotName}` }).click();
    await admin.page.getByRole("button", { name: `Edit ${spotName}` }).waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The buyer opens the chat about the item and suggests the spot for tomorrow at 5 pm.
    const opened = await buyer.page.request.post("/api/chats", {
      data: { userId: seller.student.id, itemId },
      headers: origin,
    });
    expect(opened.status()).toBe(200);
    const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
    await buyer.page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
    await buyer.page.getByRole("button", { name: MEETUP_TEXTS.suggestMeetup }).tap();
    const dialog = buyer.page.getByRole("dialog", { name: MEETUP_TEXTS.suggestMeetup });
    await dialog.getByRole("radio", { name: new RegExp(spotName) }).check();
    await dialog.getByRole("radio", { name: MEETUP_TEXTS.tomorrow }).check();
    await dialog.getByLabel("Time (IST)").fill("17:00");
    await expectNoSeriousA11yViolations(buyer.page);
    await dialog.getByRole("button", { name: "Send suggestion" }).tap();
    await dialog.waitFor({ state: "detached" });
    const sent = meetupCard(buyer.page);
    await sent.getByText(spotName).waitFor();
    await sent.getByText(MEETUP_TEXTS.waiting).waitFor();
    await sent.getByText(MEETUP_TEXTS.safety).waitFor();
    await sent.getByText(/, 5:00 pm IST$/).waitFor();

    // The seller's phone shows the card with Accept and Suggest another, and accepts it.
    await seller.page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
    const received = meetupCard(seller.page);
    await received.getByText("On the steps in front of the central library.").waitFor();
    await received.getByRole("button", { name: MEETUP_TEXTS.suggestAnother }).waitFor();
    await expectNoSeriousA11yViolations(seller.page);
    await received.getByRole("button", { name: MEETUP_TEXTS.accept }).tap();
    await received.getByText(MEETUP_TEXTS.accepted).waitFor();
    await received.getByRole("link", { name: MEETUP_TEXTS.addToCalendar }).waitFor();

    // Both headers show the meetup; the buyer's tab learns it live.
    const headerLine = new RegExp(`^Meetup: ${spotName}, .+, 5:00 pm IST$`);
    await buyer.page.getByTestId("meetup-header").getByText(headerLine).waitFor();
    await seller.page.getByTestId("meetup-header").getByText(headerLine).waitFor();
    await meetupCard(buyer.page).getByText(MEETUP_TEXTS.accepted).waitFor();
    // The calendar file downloads for the chat's members.
    const calendar = await buyer.page.request.get(
      `/api/chats/${encodeURIComponent(chatId)}/meetups/${await meetupId(buyer.page, chatId)}/calendar.ics`,
    );
    expect(calendar.status()).toBe(200);
    expect(await calendar.text()).toContain("DTSTART;TZID=Asia/Kolkata:");

    // They meet: the buyer's offer is accepted, the buyer shows the pickup code, the seller
    // confirms the handover with it, and both are asked to rate each other.
    const offered = await buyer.page.request.post(`/api/chats/${chatId}/messages`, {
      data: { type: "offer", clientId: `offer-${randomBytes(6).toString("hex")}`, offerPrice: 250 },
      headers: origin,
    });
    expect(offered.status()).toBe(201);
    const sellerThread = seller.page.getByRole("region", { name: "Chat thread" });
    const buyerThread = buyer.page.getByRole("region", { name: "Chat thread" });
    await sellerThread
      .getByRole("log")
      .getByRole("listitem")
      .filter({ hasText: "Offer: ₹250" })
      .getByRole("button", { name: "Accept" })
      .tap();
    const codeCard = buyerThread.getByRole("region", { name: "Pickup code" });
    await codeCard.getByText("Show this code to the seller when you collect the item.").waitFor();
    const code = (await codeCard.locator("span[aria-hidden='true']").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[0-9]{4}$/);
    await sellerThread.getByRole("button", { name: "Confirm handover" }).tap();
    const handover = seller.page.getByRole("dialog", { name: "Confirm handover" });
    await handover.getByLabel("Pickup code from Ira Banerjee").fill(code);
    await handover.getByRole("button", { name: "Confirm handover" }).tap();
    await handover.waitFor({ state: "detached" });
    await sellerThread.getByRole("button", { name: "Rate Ira Banerjee" }).waitFor();
    await buyerThread.getByRole("button", { name: "Rate Kunal Shah" }).waitFor();

    expect(buyer.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });
});

async function meetupId(page: Page, chatId: string): Promise<string> {
  const answer = await page.request.get(`/api/chats/${encodeURIComponent(chatId)}/meetups`);
  return ((await answer.json()) as { meetups: { id: string }[] }).meetups[0]?.id ?? "";
}
