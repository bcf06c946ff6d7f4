import { randomBytes } from "node:crypto";
import { TICKET_MESSAGES } from "@shared/api/tickets";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";

const STUDENT = {
  name: "Ishaan Kapoor",
  city: "Delhi",
  college: "Delhi Technological University",
  mobile: "9811122233",
  password: "Campus#Bazaar9",
};

/** Signs a new student up through the API (the page's cookie jar keeps the session) and opens the dashboard. */
async function signUpAndOpenDashboard(page: Page): Promise<string> {
  const email = `ishaan-${randomBytes(4).toString("hex")}@example.in`;
  const response = await page.request.post("/api/auth/signup", {
    data: { ...STUDENT, email, acceptTerms: true },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  await page.goto("/dashboard");
  await page.getByRole("heading", { name: "Help & Support" }).waitFor();
  return email;
}

describe.skipIf(!isBrowserAvailable)("support tickets in the browser", () => {
  const { browser } = useBrowser();

  it("a student raises a ticket from the dashboard, sees its ID, and finds it open in the history", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl, { width: 390, height: 844 });
    const email = await signUpAndOpenDashboard(page);

    // A newcomer's history is empty.
    await page.getByRole("button", { name: "View History" }).click();
    const history = page.getByRole("dialog", { name: "Support Ticket History" });
    await history.getByText(TICKET_MESSAGES.emptyTitle).waitFor();
    await history.getByText(TICKET_MESSAGES.emptyText).waitFor();
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Raise Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Raise a Support Ticket" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const purpose = dialog.getByLabel("Purpose");
    const description = dialog.getByLabel("Description");
    const submit = dialog.getByRole("button", { name: "Submit Ticket" });
    expect(await purpose.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await purpose.locator("option").allTextContents()).toEqual([
      "Select a purpose",
      "Account Issues",
      "Payment Problems",
      "Item Listing Issues",
      "Technical Bug",
      "Feature Request",
      "Safety Concerns",
      "Other",
    ]);
    expect(await dialog.getByLabel("Name").inputValue()).toBe(STUDENT.name);
    expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
    expect(await dialog.getByLabel("College").inputValue()).toBe(STUDENT.college);
    expect(await dialog.getByLabel("College").getAttribute("readonly")).not.toBeNull();

    // Submit waits for a purpose and a description that is not blank.
    expect(await submit.isDisabled()).toBe(true);
    await purpose.selectOption({ label: "Technical Bug" });
    await description.fill("   ");
    expect(await submit.isDisabled()).toBe(true);
    await description.fill("The chat page shows a blank screen after I send a photo.");
    expect(await submit.isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(page);

    await submit.click();
    const done = page.getByRole("dialog", { name: TICKET_MESSAGES.submitted });
    await done.waitFor();
    const idText = await done.getByText(/Ticket ID:/).textContent();
    const ticketId = idText?.match(/Ticket ID:\s*(\d{6})/)?.[1];
    expect(ticketId).toMatch(/^\d{6}$/);
    await done.getByText(TICKET_MESSAGES.saveId).waitFor();
    await expectNoSeriousA11yViolations(page);
    await done.getByRole("button", { name: "Close" }).click();
    await done.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "View History" }).click();
    await history.waitFor();
    const entry = history.getByRole("listitem").filter({ hasText: `#${ticketId}` });
    await entry.waitFor();
    await entry.getByText("open", { exact: true }).waitFor();
    await entry.getByText("Technical Bug").waitFor();
    await entry.getByText("The chat page shows a blank screen after I send a photo.").waitFor();
    await expectNoSeriousA11yViolations(page);
    await history.getByRole("button", { name: "Close" }).click();
    await history.waitFor({ state: "detached" });

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a failed submission offers Try Again with the form kept, and closing starts over", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signUpAndOpenDashboard(page);
    await page.route("**/api/tickets", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
        : route.continue(),
    );

    await page.getByRole("button", { name: "Raise Ticket" }).click();
    const form = page.getByRole("dialog", { name: "Raise a Support Ticket" });
    await form.getByLabel("Purpose").selectOption({ label: "Payment Problems" });
    await form.getByLabel("Description").fill("The buyer's payment did not arrive.");
    await form.getByRole("button", { name: "Submit Ticket" }).click();

    const failed = page.getByRole("dialog", { name: TICKET_MESSAGES.failedTitle });
    await failed.getByText(TICKET_MESSAGES.failed).waitFor();
    await expectNoSeriousA11yViolations(page);
    await failed.getByRole("button", { name: "Try Again" }).click();
    await form.waitFor();
    expect(await form.getByLabel("Purpose").inputValue()).toBe("Payment Problems");
    expect(await form.getByLabel("Description").inputValue()).toBe("The buyer's payment did not arrive.");

    // The service is back: the same form now goes through.
    await page.unroute("**/api/tickets");
    await form.getByRole("button", { name: "Submit Ticket" }).click();
    await page.getByRole("dialog", { name: TICKET_MESSAGES.submitted }).waitFor();
    await page.keyboard.press("Escape");

    // Cancel forgets what was typed.
    await page.getByRole("button", { name: "Raise Ticket" }).click();
    await form.getByLabel("Description").fill("Half a thought");
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });
    expect(
      await page
        .getByRole("button", { name: "Raise Ticket" })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.getByRole("button", { name: "Raise Ticket" }).click();
    expect(await form.getByLabel("Description").inputValue()).toBe("");
    expect(await form.getByLabel("Purpose").inputValue()).toBe("");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("the administrator resolving a ticket shows up in the open history without a reload", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signUpAndOpenDashboard(page);
    const raised = await page.request.post("/api/tickets", {
      data: { purpose: "Safety Concerns", description: "A stranger keeps messaging me." },
      headers: { origin: baseUrl },
    });
    expect(raised.status()).toBe(201);
    const { ticketId } = (await raised.json()).ticket as { ticketId: string };

    await page.getByRole("button", { name: "View History" }).click();
    const entry = page
      .getByRole("dialog", { name: "Support Ticket History" })
      .getByRole("listitem")
      .filter({ hasText: `#${ticketId}` });
    await entry.getByText("open", { exact: true }).waitFor();

    const admin = await browser().newContext({ baseURL: baseUrl });
    try {
      await signInAdminByRequest(admin.request, baseUrl);
      const changed = await admin.request.post(`/api/admin/tickets/${ticketId}/status`, {
        data: { status: "resolved" },
        headers: { origin: baseUrl },
      });
      expect(changed.status()).toBe(200);
    } finally {
      await admin.close();
    }

    await entry.getByText("resolved", { exact: true }).waitFor({ timeout: 10_000 });
    expect(await entry.getByText("open", { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
