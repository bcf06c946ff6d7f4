import { randomBytes } from "node:crypto";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";

const PASSWORD = "Campus#Bazaar9";
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

describe.skipIf(!isBrowserAvailable)("'My college isn't listed' on a 360 px touch phone", () => {
  const { browser } = useBrowser();

  it("a student signs up with a college the directory lacks, waits with 'College pending', sees the merge live, then asks again from Settings", async () => {
    const name = `Sahyadri Polytechnic ${randomBytes(3).toString("hex")}`;
    const student = await openDevice(browser(), baseUrl, PHONE);
    const page = student.page;
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Omkar Patil");
    await page.getByLabel("Email Address").fill(`omkar-${randomBytes(4).toString("hex")}@example.in`);

    const box = page.getByRole("combobox", { name: "City and College" });
    await box.tap();
    await box.fill(name);
    await page.getByText("No matches").waitFor();
    await page.getByRole("button", { name: "My college isn't listed" }).tap();
    const nameField = page.getByRole("textbox", { name: "College name" });
    expect(await nameField.inputValue()).toBe(name);
    await page.getByRole("textbox", { name: "City" }).fill("Nashik");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Use this college" }).tap();
    await page.getByText(`Requested: ${name} (Nashik). College pending until it is added.`).waitFor();

    await page.getByLabel("Mobile Number").fill(`9${Math.floor(100_000_000 + Math.random() * 899_999_999)}`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I accept the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).tap();
    await page.waitForURL("**/dashboard", { timeout: 15_000 });
    await page.getByText(`${COLLEGE_REQUEST_TEXTS.pending}, Nashik`).waitFor();

    // The administrator merges the request into the college the directory has.
    const admin = await openPage(browser(), baseUrl);
    await signInAdminInBrowser(admin.page);
    await admin.page.getByRole("tab", { name: "Colleges" }).click();
    await admin.page.getByText(`${name}, Nashik`, { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(admin.page);
    await admin.page.getByLabel(`Existing college for ${name}`).selectOption({ label: "IIT Bombay" });
    await admin.page.getByRole("button", { name: "Merge into IIT Bombay, Mumbai" }).click();
    await admin.page.getByText(COLLEGE_REQUEST_TEXTS.mergedNotice("IIT Bombay, Mumbai")).waitFor();
    await expect.poll(() => admin.page.getByText(`${name}, Nashik`).count()).toBe(0);

    // The student's open dashboard shows their college live, without a reload, and the
    // notification says so.
    await page.getByText("IIT Bombay, Mumbai").first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(COLLEGE_REQUEST_TEXTS.pending).count()).toBe(0);
    await page.goto("/notifications");
    await page.getByText(COLLEGE_REQUEST_TEXTS.merged("IIT Bombay", "Mumbai")).waitFor();

    // Signed in, the student asks again from Settings (their college renamed, say).
    const later = `Sahyadri Institute ${randomBytes(3).toString("hex")}`;
    await page.goto("/settings");
    const section = page.getByRole("region", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsTitle });
    await section.getByText("IIT Bombay", { exact: true }).waitFor();
    await section.getByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen }).tap();
    await section.getByRole("textbox", { name: "College name" }).fill(later);
    await section.getByRole("textbox", { name: "City" }).fill("Pune");
    await expectNoSeriousA11yViolations(page);
    await section.getByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.send }).tap();
    await section.getByText(LATER_COLLEGE_REQUEST_TEXTS.waiting(later, "Pune")).waitFor();
    await section.getByText(COLLEGE_REQUEST_TEXTS.pending, { exact: true }).waitFor();

    // The Users tab says so; the Colleges tab adds it.
    await admin.page.getByRole("tab", { name: "Users" }).click();
    await admin.page.getByLabel("Search users").fill("Omkar");
    await admin.page.getByText(LATER_COLLEGE_REQUEST_TEXTS.pendingAsked(later, "Pune")).first().waitFor();
    // The Colleges tab's list, read a moment ago, is fetched anew when opened after a reload.
    await admin.page.reload();
    await admin.page.getByRole("tab", { name: "Colleges" }).click();
    await admin.page.getByRole("button", { name: `Add ${later}, Pune` }).click();
    await admin.page.getByText(COLLEGE_REQUEST_TEXTS.addedNotice(`${later}, Pune`)).waitFor();

    // Settings, still open, shows the new college live.
    await section.getByText(later, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await section.getByText(LATER_COLLEGE_REQUEST_TEXTS.waiting(later, "Pune")).count()).toBe(0);

    expect(student.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await student.context.close();
  }, 240_000);
});
