import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { makeJpeg, signUpStudent } from "./support/students";

describe.skipIf(!isBrowserAvailable)("the marketplace in the browser", () => {
  const { browser } = useBrowser();

  it("a seller posts an item with an image; a buyer finds it, opens it, contacts the seller and keeps a favourite", async () => {
    const seller = await openPage(browser(), baseUrl);
    await signUpStudent(seller.page.request, { name: "Kabir Shah", city: "Pilani", college: "BITS Pilani" });
    const productName = `Hostel Kettle ${randomBytes(3).toString("hex")}`;

    // The number shows on the item only if the seller's privacy allows it too: all students here.
    await seller.page.goto("/settings");
    const mobileChoices = seller.page.getByRole("group", { name: "Who can see my mobile number" });
    await expect(
      mobileChoices.getByRole("radio", { name: "Only people I share it with in a chat" }).isChecked(),
    ).resolves.toBe(true);
    await mobileChoices.getByRole("radio", { name: "All students" }).click();
    await seller.page.getByText("Privacy settings saved.").waitFor();
    await expect(mobileChoices.getByRole("radio", { name: "All students" }).isChecked()).resolves.toBe(true);

    await seller.page.goto("/sell");
    await seller.page.getByRole("heading", { name: "Sell Your Item" }).waitFor();
    await seller.page.locator('input[name="images"]').setInputFiles({
      name: "kettle.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg(seller.page),
    });
    await seller.page.getByRole("button", { name: "Remove photo 1" }).waitFor();
    await seller.page.getByLabel("Product Name").fill(productName);
    await seller.page.getByLabel("Product Type").fill("Electric kettle");
    await seller.page.getByLabel("Price (₹)").fill("1250");
    await seller.page.getByLabel("Category").selectOption("other");
    await seller.page.getByRole("radio", { name: "Like New" }).check({ force: true });
    await seller.page.getByLabel("Description").fill("1.5 litre, auto shut-off.");
    await seller.page.getByLabel("Show my mobile number to buyers").check();
    const submit = seller.page.getByRole("button", { name: "Post Item for Sale" });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await seller.page.waitForURL("**/buy**");
    expect(seller.errors).toEqual([]);

    const buyer = await openPage(browser(), baseUrl);
    await signUpStudent(buyer.page.request, { name: "Ira Kapoor" });
    await buyer.page.goto("/buy");
    // The college filter starts on the buyer's own college; the item is at the seller's. The
    // buyer opens the College chip's sheet and picks that one with the keyboard: type, arrow down
    // to the suggestion, Enter.
    await buyer.page.getByRole("button", { name: /^College: / }).click();
    await buyer.page
      .getByRole("dialog", { name: "College" })
      .getByRole("button", { name: /Remove college filter/ })
      .waitFor();
    const collegeBox = buyer.page.getByRole("combobox", { name: "Filter by college" });
    const suggestions = buyer.page.getByRole("listbox", { name: "Colleges" });
    await collegeBox.fill("BITS Pilani, Pil");
    await suggestions.getByRole("option", { name: "BITS Pilani, Pilani" }).waitFor();
    await collegeBox.press("ArrowDown");
    expect(await suggestions.getByRole("option", { selected: true }).textContent()).toBe(
      "BITS Pilani, Pilani",
    );
    await collegeBox.press("Enter");
    // The choice closes the sheet and shows on the chip.
    await buyer.page.getByRole("button", { name: "College: BITS Pilani" }).waitFor();
    expect(await buyer.page.getByRole("dialog").count()).toBe(0);
    await buyer.page.getByRole("searchbox", { name: "Search items" }).fill(productName.toLowerCase());
    // The count can read 1 before the typed search is sent (one item at that college): wait for
    // the search to reach the address, so the page is not refetching while axe measures it.
    await buyer.page.waitForURL(/search=/);
    await buyer.page.getByText("1 item(s) found").waitFor();
    await expectNoSeriousA11yViolations(buyer.page);
    await buyer.page.getByRole("link", { name: "See Details" }).first().click();
    await buyer.page.getByRole("heading", { level: 1, name: productName }).waitFor();
    await buyer.page.getByText("₹1,250").first().waitFor();

    const favourite = buyer.page.getByRole("button", { name: "Add to favourites" });
    await favourite.click();
    await buyer.page.getByRole("button", { name: "Remove from favourites" }).waitFor();
    await buyer.page.reload();
    await buyer.page.getByRole("button", { name: "Remove from favourites" }).waitFor();

    await buyer.page.goto("/buy");
    await buyer.page.getByRole("button", { name: /^College: / }).click();
    await buyer.page.getByRole("button", { name: /Remove college filter/ }).click();
    await buyer.page.getByRole("button", { name: "College", exact: true }).waitFor();
    await buyer.page.getByRole("searchbox", { name: "Search items" }).fill(productName);
    await buyer.page.getByText("1 item(s) found").waitFor();
    await buyer.page.getByRole("button", { name: "Contact Seller" }).first().click();
    const dialog = buyer.page.getByRole("dialog", { name: "Contact Seller" });
    await dialog.getByRole("link", { name: "Message Seller" }).waitFor();
    await dialog.getByRole("link", { name: /Call \d+/ }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await buyer.page.getByRole("dialog").count()).toBe(0);
    expect(buyer.errors).toEqual([]);

    // The seller marks it sold from their profile, answering the page's own confirmation.
    await seller.page.goto("/profile");
    const card = seller.page.getByRole("article", { name: productName });
    await card.getByRole("button", { name: "Mark as Sold" }).click();
    // One dialog: the question and 'Who bought it?'; nobody chatted about it here, so 'Someone else'.
    const whoBought = seller.page.getByRole("dialog", { name: "Mark as Sold" });
    await whoBought.getByText("Mark this item as sold? This will hide it from marketplace.").waitFor();
    await whoBought.getByRole("group", { name: "Who bought it?" }).waitFor();
    await whoBought.getByRole("radio", { name: "Someone else" }).waitFor();
    await whoBought.getByRole("button", { name: "Mark as Sold" }).click();
    await card.getByText("Sold", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Mark as Sold" }).count()).toBe(0);
    expect(seller.errors).toEqual([]);

    await seller.context.close();
    await buyer.context.close();
  });
});
