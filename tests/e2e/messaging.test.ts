import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { postItem } from "./support/items";
import { signUpStudent } from "./support/students";

describe.skipIf(!isBrowserAvailable)("messaging in the browser", () => {
  const { browser } = useBrowser();

  it("the buyer sends a message and an offer; the seller's badges rise live and opening the chat reads them", async () => {
    const seller = await openPage(browser(), baseUrl);
    await signUpStudent(seller.page.request, { name: "Nikhil Rao" });
    const productName = `Study Lamp ${randomBytes(3).toString("hex")}`;
    const itemId = await postItem(seller.page, { productName });
    await seller.page.goto("/dashboard");
    await seller.page.getByRole("link", { name: "Notifications, 0 unread" }).first().waitFor();

    const buyer = await openPage(browser(), baseUrl);
    await signUpStudent(buyer.page.request, { name: "Tara Iyer" });
    await buyer.page.goto(`/item/${itemId}`);
    await buyer.page.getByRole("button", { name: "Contact Seller" }).click();
    await buyer.page.waitForURL("**/messages?chatId=**");
    const text = `Is it still available? ${randomBytes(2).toString("hex")}`;
    await buyer.page.getByRole("textbox", { name: "Type a message" }).fill(text);
    await buyer.page.getByRole("textbox", { name: "Type a message" }).press("Enter");
    await buyer.page.getByRole("log").getByText(text).waitFor();
    // The offer row opens from 'Make Offer' (issue 17).
    await buyer.page.getByRole("button", { name: "Make Offer" }).click();
    await buyer.page.getByLabel("Offer price (₹)").fill("350");
    await buyer.page.getByRole("button", { name: "Send Offer" }).click();
    await buyer.page.getByRole("log").getByText("Offer: ₹350").waitFor();

    // No reload on the seller's side: the badges come over the live socket.
    await seller.page
      .getByRole("link", { name: "Notifications, 2 unread" })
      .first()
      .waitFor({ timeout: 10_000 });
    await seller.page.getByRole("link", { name: "Messages, 1 unread" }).first().waitFor();

    await seller.page.getByRole("link", { name: "Messages, 1 unread" }).first().click();
    await seller.page.getByRole("tab", { name: "Selling" }).click();
    await seller.page
      .getByRole("link", { name: /Tara Iyer/ })
      .first()
      .click();
    await seller.page.getByRole("log").getByText(text).waitFor();
    await seller.page.getByRole("log").getByText("Offer: ₹350").waitFor();
    await seller.page
      .getByRole("link", { name: "Notifications, 0 unread" })
      .first()
      .waitFor({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(seller.page);

    // A reply reaches the buyer's open thread live.
    const reply = "Yes, come by the hostel at 6";
    await seller.page.getByRole("textbox", { name: "Type a message" }).fill(reply);
    await seller.page.getByRole("button", { name: "Send", exact: true }).click();
    await buyer.page.getByRole("log").getByText(reply).waitFor({ timeout: 10_000 });

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
