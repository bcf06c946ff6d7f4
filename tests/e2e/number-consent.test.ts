import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, signUpStudent } from "./support/students";

// A number is shared by consent only (issue 36), on two phones: a stranger who asks and is
// answered sees no number anywhere; the seller's 'Share my number' shows it in that chat alone.

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const origin = { origin: baseUrl };

interface Person {
  page: Page;
  errors: string[];
  student: E2eStudent;
  mobile: string;
  close: () => Promise<void>;
}

/** A student on a phone, with a number nobody else has: finding it on a page means it is shown. */
async function openPhone(browser: Browser, name: string): Promise<Person> {
  const { context, page, errors } = await openDevice(browser, baseUrl, PHONE);
  const mobile = `9${randomInt(100_000_000, 1e9)}`;
  const student = await signUpStudent(page.request, { name, mobile });
  return { page, errors, student, mobile, close: () => context.close() };
}

async function openThread(page: Page, chatId: string) {
  await page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
  await page.getByRole("textbox", { name: "Type a message" }).waitFor();
}

async function sendInThread(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Type a message" }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).tap();
  await page.getByRole("log").getByText(text, { exact: true }).waitFor();
}

/** The whole page as the browser has it: text, attributes (a tel: link) and any data it carries. */
const pageText = (page: Page) => page.content();

describe.skipIf(!isBrowserAvailable)("a number shared by consent only", () => {
  const { browser } = useBrowser();

  it("a stranger who asks and is answered sees no number; the seller taps 'Share my number' and the buyer sees it in that chat only", async () => {
    const seller = await openPhone(browser(), "Meera Iyer");
    const buyer = await openPhone(browser(), "Rohit Kale");
    try {
      const lamp = await postItem(seller.page, {
        productName: `Study lamp ${randomBytes(2).toString("hex")}`,
      });
      const desk = await postItem(seller.page, {
        productName: `Study desk ${randomBytes(2).toString("hex")}`,
      });
      const chatId = await openChatAbout(buyer.page.request, seller.student.id, lamp);
      const deskChatId = await openChatAbout(buyer.page.request, seller.student.id, desk);
      const reply = await seller.page.request.post(`/api/chats/${deskChatId}/messages`, {
        data: { type: "text", clientId: `c-${randomUUID()}`, text: "The desk is still here." },
        headers: origin,
      });
      expect(reply.status()).toBe(201);

      // The stranger asks, the seller answers: that is no consent.
      await openThread(buyer.page, chatId);
      await sendInThread(buyer.page, "Is it available?");
      await openThread(seller.page, chatId);
      await sendInThread(seller.page, "Yes, it is.");
      await buyer.page.getByRole("log").getByText("Yes, it is.", { exact: true }).waitFor();
      expect(await pageText(buyer.page)).not.toContain(seller.mobile);
      await buyer.page.goto(`/profile/${seller.student.id}`);
      await buyer.page.getByText("Mobile number hidden").waitFor();
      expect(await pageText(buyer.page)).not.toContain(seller.mobile);
      await expectNoSeriousA11yViolations(buyer.page);
      await buyer.page.goto(`/item/${lamp}`);
      await buyer.page
        .getByRole("heading", { name: /Study lamp/ })
        .first()
        .waitFor();
      expect(await pageText(buyer.page)).not.toContain(seller.mobile);
      expect(await buyer.page.getByRole("link", { name: /^Call / }).count()).toBe(0);

      // The seller taps 'Share my number' and confirms: the card reaches the buyer's open thread.
      await openThread(buyer.page, chatId);
      await seller.page.getByRole("button", { name: "Share my number" }).tap();
      const dialog = seller.page.getByRole("dialog");
      await dialog
        .getByText(
          "Share your mobile number with Rohit Kale? They will see it in this chat and can call you.",
        )
        .waitFor();
      await expectNoSeriousA11yViolations(seller.page);
      await dialog.getByRole("button", { name: "Share", exact: true }).tap();
      const card = buyer.page.getByRole("log").getByRole("link", { name: seller.mobile });
      await card.waitFor();
      expect(await card.getAttribute("href")).toBe(`tel:${seller.mobile}`);
      await expectNoSeriousA11yViolations(buyer.page);

      // In that chat only: the other chat with the seller, the list, the profile stay without it.
      await openThread(buyer.page, deskChatId);
      await buyer.page.getByRole("log").getByText("The desk is still here.", { exact: true }).waitFor();
      expect(await pageText(buyer.page)).not.toContain(seller.mobile);
      await buyer.page.goto("/messages");
      await buyer.page.getByText("Shared a mobile number").first().waitFor();
      expect(await pageText(buyer.page)).not.toContain(seller.mobile);
      await buyer.page.goto(`/profile/${seller.student.id}`);
      await buyer.page.getByText("Mobile number hidden").waitFor();
      expect(await pageText(buyer.page)).not.toContain(seller.mobile);

      // Settings > Privacy: the two choices, the default chosen.
      await seller.page.goto("/settings");
      const choices = seller.page.getByRole("group", { name: "Who can see my mobile number" });
      await choices.waitFor();
      expect(await choices.getByRole("radio").count()).toBe(2);
      expect(
        await choices.getByRole("radio", { name: "Only people I share it with in a chat" }).isChecked(),
      ).toBe(true);
      await expectNoSeriousA11yViolations(seller.page);

      expect(seller.errors).toEqual([]);
      expect(buyer.errors).toEqual([]);
    } finally {
      await seller.close();
      await buyer.close();
    }
  });
});
