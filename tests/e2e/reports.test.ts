import { randomBytes } from "node:crypto";
import { MODERATION_TEXTS, REPORT_OUTCOME_TEXTS, REPORT_TEXTS } from "@shared/reports-constants";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";
import { postItem } from "./support/items";
import { signUpStudent } from "./support/students";

describe.skipIf(!isBrowserAvailable)("reports and moderation in the browser", () => {
  const { browser } = useBrowser();

  it("a student reports a listing, the admin removes it from the Reports tab, seller and reporter are told live", async () => {
    const seller = await openPage(browser(), baseUrl);
    await signUpStudent(seller.page.request, { name: "Karan Mehta" });
    const productName = `Too-cheap iPhone ${randomBytes(3).toString("hex")}`;
    const itemId = await postItem(
      seller.page,
      {
        productName,
        type: "Phone",
        price: 2500,
        category: "gadgets",
        description: "Pay an advance on UPI and I will courier it.",
      },
      "#2563eb",
    );

    // The reporter, on the item page: 'Report', a reason, details, 'Send Report'.
    const reporter = await openPage(browser(), baseUrl);
    await signUpStudent(reporter.page.request, { name: "Ishita Bose" });
    await reporter.page.goto(`/item/${itemId}`);
    await reporter.page.getByRole("heading", { level: 1, name: productName }).waitFor();
    await reporter.page.getByRole("button", { name: "Report", exact: true }).click();
    const dialog = reporter.page.getByRole("dialog", { name: "Report this listing" });
    await dialog.getByRole("radio", { name: "Scam or fraud" }).check();
    await dialog.getByLabel("Details").fill("Asks for an advance on UPI before meeting.");
    await expectNoSeriousA11yViolations(reporter.page);
    await dialog.getByRole("button", { name: "Send Report" }).click();
    await dialog.getByText(REPORT_TEXTS.sent).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    // A second report of the same listing is refused.
    await reporter.page.getByRole("button", { name: "Report", exact: true }).click();
    await dialog.getByRole("radio", { name: "Spam" }).check();
    await dialog.getByRole("button", { name: "Send Report" }).click();
    await dialog.getByRole("alert").filter({ hasText: REPORT_TEXTS.duplicate }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Both students watch their notifications while the admin decides.
    await reporter.page.goto("/notifications");
    await seller.page.goto("/notifications");

    const admin = await openPage(browser(), baseUrl);
    await signInAdminInBrowser(admin.page);
    await admin.page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    await admin.page.getByRole("tab", { name: "Reports" }).click();
    await expect.poll(() => new URL(admin.page.url()).searchParams.get("tab")).toBe("reports");
    await admin.page.getByRole("heading", { name: /^Open Reports \(\d+\)$/ }).waitFor();
    const row = admin.page.getByRole("article").filter({ hasText: productName });
    await row.getByRole("heading", { name: "Listing by Karan Mehta" }).waitFor();
    await row.getByText("1 person reported this").waitFor();
    await row.getByText("Asks for an advance on UPI before meeting.").waitFor();
    await expectNoSeriousA11yViolations(admin.page);
    await row.getByRole("button", { name: MODERATION_TEXTS.remove }).click();
    const decision = admin.page.getByRole("dialog", { name: `${MODERATION_TEXTS.remove}: Karan Mehta` });
    const reason = "Advance-payment scams are not allowed.";
    await decision.getByLabel(MODERATION_TEXTS.reasonLabel).fill(reason);
    await decision.getByRole("button", { name: MODERATION_TEXTS.remove }).click();
    await admin.page.getByRole("status").filter({ hasText: MODERATION_TEXTS.done }).waitFor();
    await expect.poll(() => admin.page.getByRole("article").filter({ hasText: productName }).count()).toBe(0);

    // No reload on either side: the notifications arrive over the live socket.
    await seller.page
      .getByText(MODERATION_TEXTS.listingRemovedNotice(productName, reason))
      .waitFor({ timeout: 10_000 });
    await reporter.page.getByText(REPORT_OUTCOME_TEXTS.listingRemoved).waitFor({ timeout: 10_000 });
    const gone = await reporter.page.request.get(`/api/items/${itemId}`);
    expect(gone.status()).toBe(404);

    expect(seller.errors).toEqual([]);
    expect(reporter.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await Promise.all([seller.context.close(), reporter.context.close(), admin.context.close()]);
  });
});
