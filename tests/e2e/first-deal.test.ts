import { randomBytes, randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, signUpStudent } from "./support/students";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const origin = { origin: baseUrl };

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  student: E2eStudent;
}

/** A signed-up student on a phone (360x740, touch). */
async function openPhoneAs(browser: Browser, name: string): Promise<Person> {
  const { context, page, errors } = await openDevice(
    browser,
    baseUrl,
    PHONE,
    /Failed to load resource|WebSocket/,
  );
  const student = await signUpStudent(page.request, { name });
  return { context, page, errors, student };
}

describe.skipIf(!isBrowserAvailable)("the first deal on a phone", () => {
  const { browser } = useBrowser();

  it("a seller whose buyer wrote opens Messages on Selling, with each tab's unread count", async () => {
    const seller = await openPhoneAs(browser(), "Pooja Iyer");
    const buyer = await openPhoneAs(browser(), "Arjun Mehta");
    const productName = `Casio fx-991EX ${randomBytes(2).toString("hex")}`;
    const itemId = await postItem(seller.page, { productName, price: 700 });
    const chatId = await openChatAbout(buyer.page.request, seller.student.id, itemId);
    for (const text of ["Hi, is it available?", "Can I pick it up today?"]) {
      const sent = await buyer.page.request.post(`/api/chats/${chatId}/messages`, {
        data: { type: "text", clientId: `c-${randomUUID()}`, text },
        headers: origin,
      });
      expect(sent.status()).toBe(201);
    }

    const { page } = seller;
    await page.goto("/messages");
    const selling = page.getByRole("tab", { name: "Selling 2 unread" });
    await selling.waitFor();
    await expect(selling.getAttribute("aria-selected")).resolves.toBe("true");
    await expect(
      page.getByRole("tab", { name: "Buying", exact: true }).getAttribute("aria-selected"),
    ).resolves.toBe("false");
    const row = page.getByRole("link", { name: /Arjun Mehta/ });
    await expect(row.textContent()).resolves.toContain("Can I pick it up today?");
    await expect(page.getByText("No conversations yet.").count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);

    // Read: the tab's count goes.
    await row.tap();
    await page.getByRole("log").getByText("Can I pick it up today?").waitFor();
    await page.getByRole("link", { name: "Back to conversations" }).tap();
    await page.getByRole("tab", { name: "Selling", exact: true }).waitFor();

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
