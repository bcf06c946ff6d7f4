import { randomBytes } from "node:crypto";
import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage, type TrackedPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";
import { postItem } from "./support/items";
import { PASSWORD, signUpStudent } from "./support/students";

const hex = () => randomBytes(3).toString("hex");

/**
 * The admin panel in a fresh profile, signed in through the login form. The panel asks in its own
 * dialog, never the browser's: any browser dialog is dismissed and kept, for the test to refuse.
 */
async function openAdmin(
  browser: Parameters<typeof openPage>[0],
  viewport?: { width: number; height: number },
) {
  const tracked = await openPage(browser, baseUrl, viewport);
  const browserDialogs: string[] = [];
  tracked.page.on("dialog", async (dialog) => {
    browserDialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInAdminInBrowser(tracked.page);
  await tracked.page.getByRole("heading", { name: "Admin Panel" }).waitFor();
  return { ...tracked, browserDialogs };
}

async function openTab(page: Page, name: string, id: string) {
  await page.getByRole("tab", { name }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe(id);
  await page.getByRole("tabpanel", { name }).waitFor();
}

/** The panel's confirmation dialog asks exactly this question; its Delete button agrees. */
async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole("dialog", { name: "Please confirm" });
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
}

/** The field is marked invalid, and its error, read out with it, says this. */
async function expectFieldError(scope: Page | Locator, label: string, message: string) {
  const field = scope.getByLabel(label, { exact: true });
  const description = () =>
    field.evaluate((element) =>
      (element.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
  await expect.poll(description).toContain(message);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
}

/** The admin's success banner (role status) shows exactly this text. */
async function expectNotice(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).waitFor();
}

async function raiseTicket(student: TrackedPage, description: string): Promise<string> {
  const response = await student.page.request.post("/api/tickets", {
    data: { purpose: "Technical Bug", description },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { ticket: { ticketId: string } }).ticket.ticketId;
}

describe.skipIf(!isBrowserAvailable)("the admin panel in the browser", () => {
  const { browser } = useBrowser();

  it("the admin adds a college that a newcomer then picks at signup", async () => {
    const admin = await openAdmin(browser());
    const city = `Testpur ${hex()}`;
    const college = `Zenith Institute ${hex()}`;
    await openTab(admin.page, "Colleges", "colleges");
    // The tab also chooses colleges for short names and e-mail domains: the add form is its own region.
    const addForm = admin.page.getByRole("region", { name: "Add College" });
    await admin.page.getByRole("button", { name: "Add College" }).click();
    await expectFieldError(addForm, "City", ADMIN_MESSAGES.collegeRequired);
    await expectFieldError(addForm, "College", ADMIN_MESSAGES.collegeRequired);

    await addForm.getByLabel("City", { exact: true }).fill(city);
    await addForm.getByLabel("College", { exact: true }).fill(college);
    await admin.page.getByRole("button", { name: "Add College" }).click();
    await admin.page.getByRole("button", { name: `Delete ${college}, ${city}` }).waitFor();
    await expectNoSeriousA11yViolations(admin.page);

    // The same college again is refused with the server's message.
    await addForm.getByLabel("City", { exact: true }).fill(city);
    await addForm.getByLabel("College", { exact: true }).fill(college);
    await admin.page.getByRole("button", { name: "Add College" }).click();
    await admin.page.getByRole("alert").filter({ hasText: ADMIN_MESSAGES.collegeExists }).waitFor();

    // A reload keeps the tab.
    await admin.page.reload();
    await expect
      .poll(() => admin.page.getByRole("tab", { name: "Colleges" }).getAttribute("aria-selected"))
      .toBe("true");

    const newcomer = await openPage(browser(), baseUrl);
    await newcomer.page.goto("/signup");
    await newcomer.page.getByLabel("Full Name", { exact: true }).fill("Meera Pillai");
    await newcomer.page.getByLabel("Email Address").fill(`meera-${hex()}@example.in`);
    const picker = newcomer.page.getByRole("combobox", { name: "City and College" });
    await picker.fill(college.toLowerCase());
    await newcomer.page.getByRole("option", { name: `${college}, ${city}` }).click();
    await newcomer.page.getByLabel("Mobile Number").fill("98765 43210");
    await newcomer.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await newcomer.page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await newcomer.page.getByRole("checkbox", { name: /I accept the/ }).check();
    await newcomer.page.getByRole("button", { name: "Create Account" }).click();
    await newcomer.page.waitForURL("**/dashboard", { timeout: 15_000 });
    await newcomer.page.getByText(college).first().waitFor();

    expect(admin.browserDialogs).toEqual([]);
    expect(admin.errors).toEqual([]);
    expect(newcomer.errors).toEqual([]);
    await admin.context.close();
    await newcomer.context.close();
  });

  it("the admin posts an event that a student sees on /events, then deletes it", async () => {
    const student = await openPage(browser(), baseUrl);
    await signUpStudent(student.page.request, { city: "Chennai", college: "IIT Madras" });
    const admin = await openAdmin(browser());
    const title = `Code Sprint ${hex()}`;
    const page = admin.page;
    await page.getByRole("tab", { name: "Events & Hackathons", selected: true }).waitFor();

    await page.getByRole("button", { name: "Post Event" }).click();
    await expectFieldError(page, "Title", "Title is required.");

    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Organizer", { exact: true }).fill("Coding Club");
    await page.getByLabel("Venue", { exact: true }).fill("Central Lecture Theatre");
    await page.getByLabel("Date", { exact: true }).fill(`${new Date().getFullYear() + 1}-03-15`);
    await page.getByLabel("Time", { exact: true }).fill("18:30");
    await page.getByLabel("City", { exact: true }).selectOption("Chennai");
    await page.getByLabel("College", { exact: true }).selectOption("IIT Madras");
    await page.getByLabel("Description", { exact: true }).fill("A 24-hour hackathon for every year.");
    await page.getByLabel("Image URL", { exact: true }).fill("not a link");
    await page.getByRole("button", { name: "Post Event" }).click();
    await expectFieldError(page, "Image URL", "Image URL must be a valid URL.");
    await page.getByLabel("Image URL", { exact: true }).fill("https://example.com/sprint.png");

    const registration = page.getByRole("checkbox", { name: "Add Registration URL" });
    await registration.check();
    await page.getByLabel("Registration URL", { exact: true }).fill("https://example.com/register");
    await registration.uncheck();
    expect(await page.getByLabel("Registration URL", { exact: true }).count()).toBe(0);
    await registration.check();
    await expect(page.getByLabel("Registration URL", { exact: true }).inputValue()).resolves.toBe("");
    await page.getByRole("button", { name: "Post Event" }).click();
    await expectFieldError(page, "Registration URL", "Registration URL is required.");
    await page.getByLabel("Registration URL", { exact: true }).fill("https://example.com/register");
    await page.getByRole("button", { name: "Post Event" }).click();
    await expectNotice(page, ADMIN_MESSAGES.eventPosted);
    await page.getByRole("heading", { level: 3, name: title }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await student.page.goto("/events");
    await student.page.getByRole("heading", { name: "Events & Hackathons" }).waitFor();
    await student.page.getByText(title).first().waitFor();

    await page.getByRole("button", { name: `Delete event ${title}` }).click();
    await confirmDelete(page, ADMIN_MESSAGES.confirmDeleteEvent);
    await expectNotice(page, ADMIN_MESSAGES.eventDeleted);
    await expect.poll(() => page.getByRole("heading", { level: 3, name: title }).count()).toBe(0);
    expect(admin.browserDialogs).toEqual([]);

    expect(admin.errors).toEqual([]);
    expect(student.errors).toEqual([]);
    await admin.context.close();
    await student.context.close();
  });

  it("the admin deletes a student's post and the seller sees the admin notification", async () => {
    const seller = await openPage(browser(), baseUrl);
    await signUpStudent(seller.page.request, { name: "Rohan Das" });
    const productName = `Study Lamp ${hex()}`;
    await seller.page.goto("/");
    await postItem(seller.page, {
      productName,
      price: 450,
      description: "LED desk lamp, three brightness levels.",
    });

    const admin = await openAdmin(browser());
    await openTab(admin.page, "Marketplace", "marketplace");
    await admin.page.getByRole("heading", { level: 3, name: productName }).waitFor();
    await expectNoSeriousA11yViolations(admin.page);
    await admin.page.getByRole("button", { name: `Delete post ${productName}` }).click();
    await confirmDelete(admin.page, ADMIN_MESSAGES.confirmDeletePost);
    await expectNotice(admin.page, ADMIN_MESSAGES.postDeleted);
    await expect.poll(() => admin.page.getByRole("heading", { level: 3, name: productName }).count()).toBe(0);
    expect(admin.browserDialogs).toEqual([]);

    await seller.page.goto("/notifications");
    await seller.page.getByText(ADMIN_MESSAGES.postRemovedNotice(productName)).waitFor();

    expect(admin.errors).toEqual([]);
    expect(seller.errors).toEqual([]);
    await admin.context.close();
    await seller.context.close();
  });

  it("the admin resolves and rejects tickets, and the student sees the new status", async () => {
    const student = await openPage(browser(), baseUrl);
    const person = await signUpStudent(student.page.request, { name: "Kavya Reddy" });
    const resolvedId = await raiseTicket(student, "The chat page does not load on my phone.");
    const rejectedId = await raiseTicket(student, "Please add a dark theme.");

    const admin = await openAdmin(browser());
    const page = admin.page;
    await openTab(page, "Support Tickets", "tickets");
    await page.getByRole("heading", { name: /^Pending Support Tickets \(\d+\)$/ }).waitFor();
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("button", { name: `View ticket ${resolvedId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Ticket Details" });
    await dialog.getByText(person.email).waitFor();
    await dialog.getByText(/Copy to form service:/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expectFieldError(page, "Ticket ID", ADMIN_MESSAGES.enterTicketId);
    await page.getByLabel("Ticket ID", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: ADMIN_MESSAGES.ticketNotFound }).waitFor();
    await page.getByLabel("Ticket ID", { exact: true }).fill(resolvedId);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("button", { name: "Mark as Resolved" }).click();
    await expectNotice(page, ADMIN_MESSAGES.ticketUpdated("resolved"));
    await expect.poll(() => page.getByRole("button", { name: "Mark as Resolved" }).count()).toBe(0);

    await page.getByRole("button", { name: `Reject ticket ${rejectedId}` }).click();
    await expectNotice(page, ADMIN_MESSAGES.ticketUpdated("rejected"));
    await page.getByRole("button", { name: "Show History" }).click();
    await page.getByRole("button", { name: `View Details of ticket ${rejectedId}` }).waitFor();
    await page.getByRole("button", { name: "Hide History" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await student.page.goto("/dashboard");
    await student.page.getByRole("button", { name: "View History" }).click();
    const history = student.page.getByRole("dialog", { name: "Support Ticket History" });
    const entry = history.getByRole("listitem").filter({ hasText: resolvedId });
    await entry.getByText("resolved").waitFor();
    await history.getByRole("listitem").filter({ hasText: rejectedId }).getByText("rejected").waitFor();

    expect(admin.errors).toEqual([]);
    expect(student.errors).toEqual([]);
    await admin.context.close();
    await student.context.close();
  });

  it("every tab is reachable by keyboard, passes axe, and users can be edited and deleted", async () => {
    const student = await openPage(browser(), baseUrl);
    const person = await signUpStudent(student.page.request, { name: `Tanvi Joshi ${hex()}` });
    await student.context.close();

    const admin = await openAdmin(browser());
    const page = admin.page;
    const tabs = [
      ["Events & Hackathons", "events"],
      ["Marketplace", "marketplace"],
      ["Users Management", "users"],
      ["Colleges", "colleges"],
      ["Team Recruitment", "recruitment"],
      ["Support Tickets", "tickets"],
      ["Reports", "reports"],
      ["Verifications", "verifications"],
      ["Audit Log", "audit"],
    ] as const;
    await page.getByRole("tab", { name: tabs[0][0] }).focus();
    for (const [name, id] of tabs.slice(1)) {
      await page.keyboard.press("ArrowRight");
      await page.getByRole("tab", { name, selected: true }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe(id);
      await page.getByRole("tabpanel", { name }).getByRole("heading").first().waitFor();
      await expect
        .poll(() =>
          page
            .getByRole("status")
            .filter({ hasText: /Loading/ })
            .count(),
        )
        .toBe(0);
      await expectNoSeriousA11yViolations(page);
    }

    await openTab(page, "Users Management", "users");
    await page.getByLabel("Search users").fill(person.email);
    const row = page.getByRole("row").filter({ hasText: person.email });
    await row.waitFor();
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await row.getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await dialog.getByLabel("Full Name", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectFieldError(dialog, "Full Name", ADMIN_MESSAGES.fieldsRequired);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel("Full Name", { exact: true }).fill("Tanvi R. Joshi");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, ADMIN_MESSAGES.userUpdated);
    await page.getByRole("rowheader", { name: "Tanvi R. Joshi" }).waitFor();

    await page.getByRole("button", { name: "Delete Tanvi R. Joshi" }).click();
    await confirmDelete(page, ADMIN_MESSAGES.confirmDeleteUser);
    await expectNotice(page, ADMIN_MESSAGES.userDeleted);
    await page.getByText("No users match these filters.").waitFor();
    expect(admin.browserDialogs).toEqual([]);

    await openTab(page, "Audit Log", "audit");
    await page.getByRole("cell", { name: "Deleted user" }).first().waitFor();
    await page.getByRole("cell", { name: "Tanvi R. Joshi" }).first().waitFor();

    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it("is usable on a 360 px phone: the page does not scroll sideways", async () => {
    const admin = await openAdmin(browser(), { width: 360, height: 740 });
    for (const id of [
      "events",
      "marketplace",
      "users",
      "colleges",
      "recruitment",
      "tickets",
      "reports",
      "audit",
    ]) {
      await admin.page.goto(`/admin?tab=${id}`);
      await admin.page.getByRole("tabpanel").getByRole("heading").first().waitFor();
      await expect
        .poll(() =>
          admin.page
            .getByRole("status")
            .filter({ hasText: /Loading/ })
            .count(),
        )
        .toBe(0);
      const overflow = await admin.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `sideways scroll on ?tab=${id}`).toBeLessThanOrEqual(0);
    }
    await expectNoSeriousA11yViolations(admin.page);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
