import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { openChatAbout, postItem } from "./support/items";
import { type E2eStudent, signUpStudent } from "./support/students";

const CANNOT_REPLY = "You can't reply to this conversation.";
const origin = { origin: baseUrl };

interface Person {
  page: Page;
  errors: string[];
  student: E2eStudent;
  close: () => Promise<void>;
}

async function openAs(browser: Browser, name: string, device: "phone" | "desktop"): Promise<Person> {
  const { context, page, errors } = await openDevice(
    browser,
    baseUrl,
    device === "phone"
      ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1280, height: 800 } },
    // The refused send below is the browser's own report of a 403, not the app's.
    /Failed to load resource/,
  );
  const student = await signUpStudent(page.request, { name });
  return { page, errors, student, close: () => context.close() };
}

/** The seller lists an item and the buyer opens the chat about it; returns the chat's id. */
async function chatAboutItem(seller: Person, buyer: Person): Promise<string> {
  const itemId = await postItem(seller.page, {
    productName: `Study lamp ${randomBytes(2).toString("hex")}`,
    type: "Lamp",
    price: 450,
    category: "gadgets",
    condition: "like new",
    showMobileNumber: true,
  });
  return openChatAbout(buyer.page.request, seller.student.id, itemId);
}
describe.skipIf(!isBrowserAvailable)("blocking", () => {
  const { browser } = useBrowser();

  it("a block from the chat's menu takes effect in the blocker's open chat without a reload and in the blocked one's at their next send, and Unblock undoes it", async () => {
    const seller = await openAs(browser(), "Meera Iyer", "desktop");
    const buyer = await openAs(browser(), "Rohit Kale", "phone");
    const chatId = await chatAboutItem(seller, buyer);
    for (const person of [seller, buyer]) {
      await person.page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
      await person.page.getByRole("textbox", { name: "Type a message" }).waitFor();
    }

    // The seller blocks the buyer from the thread's menu, after the confirmation.
    await seller.page
      .getByRole("button", { name: /More options for the conversation with Rohit Kale/ })
      .click();
    await seller.page.getByRole("menuitem", { name: "Block" }).click();
    const dialog = seller.page.getByRole("dialog");
    await dialog
      .getByText("Block Rohit Kale? They won't be able to message you, and you won't see their listings.")
      .waitFor();
    await expectNoSeriousA11yViolations(seller.page);
    await dialog.getByRole("button", { name: "Block" }).click();

    // The blocker's open chat turns read-only, live: the composer gives way to the notice. The
    // blocked buyer is sent nothing live (it would name the blocker): their next send is refused,
    // and then their chat turns read-only too.
    await seller.page.getByText(CANNOT_REPLY).waitFor();
    await expect(seller.page.getByRole("textbox", { name: "Type a message" }).count()).resolves.toBe(0);
    await buyer.page.getByRole("textbox", { name: "Type a message" }).fill("Still there?");
    await buyer.page.getByRole("button", { name: "Send", exact: true }).click();
    await buyer.page.getByText(CANNOT_REPLY).waitFor();
    await expect(buyer.page.getByRole("textbox", { name: "Type a message" }).count()).resolves.toBe(0);
    // No notification reached them.
    const notes = await buyer.page.request.get("/api/notifications");
    expect(((await notes.json()) as { notifications: unknown[] }).notifications).toEqual([]);
    // The API refuses a send the page no longer offers.
    const refused = await buyer.page.request.post(`/api/chats/${chatId}/messages`, {
      data: { type: "text", clientId: `c-${randomBytes(8).toString("hex")}`, text: "Hello?" },
      headers: origin,
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "You can't message this user.",
    );

    // Unblock from the same menu: the composer is back for the seller, live, and for the buyer
    // once their chat is loaded again.
    await seller.page
      .getByRole("button", { name: /More options for the conversation with Rohit Kale/ })
      .click();
    await seller.page.getByRole("menuitem", { name: "Unblock" }).click();
    await seller.page.getByRole("textbox", { name: "Type a message" }).waitFor();
    await buyer.page.reload();
    for (const person of [seller, buyer]) {
      await person.page.getByRole("textbox", { name: "Type a message" }).waitFor();
      await expect(person.page.getByText(CANNOT_REPLY).count()).resolves.toBe(0);
    }

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.close();
    await buyer.close();
  });
});
