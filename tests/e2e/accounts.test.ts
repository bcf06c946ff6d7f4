import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";

const PASSWORD = "Campus#Bazaar9";

async function fillSignupForm(page: Page, email: string, name = "Ananya Iyer") {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill(email);
  const college = page.getByRole("combobox", { name: "City and College" });
  await college.fill("iit bom");
  await page.getByRole("option", { name: "IIT Bombay, Mumbai" }).waitFor();
  await college.press("ArrowDown");
  await college.press("Enter");
  await expect(college.inputValue()).resolves.toBe("IIT Bombay, Mumbai");
  await page.getByLabel("Mobile Number").fill("98765 43210");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I accept the/ }).check();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe.skipIf(!isBrowserAvailable)("accounts in the browser", () => {
  const { browser } = useBrowser();

  it("a newcomer signs up, lands on the dashboard, logs out, and is kept out until signing in again", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    const email = `ananya-${randomBytes(4).toString("hex")}@example.in`;
    await fillSignupForm(page, email);
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.getByText("Account created! Please check your email for verification link.").waitFor();
    await page.waitForURL("**/dashboard", { timeout: 10_000 });
    await page.getByRole("heading", { name: /Ananya Iyer/ }).waitFor();
    await page.getByText("IIT Bombay").first().waitFor();
    for (const tile of ["Items Sold", "Followers", "Items Selling"]) {
      await page.getByText(tile, { exact: true }).first().waitFor();
    }
    await page.getByText("No recent activity").waitFor();

    await page
      .getByRole("button", { name: /account menu|Ananya/i })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto("/dashboard");
    await page.waitForURL("**/login");

    await signIn(page, email, PASSWORD);
    await page.waitForURL("**/dashboard");

    await page.goto("/admin");
    await page.waitForURL((url) => !url.pathname.startsWith("/admin"));
    expect(await page.getByRole("heading", { name: "Admin Panel" }).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("the administrator signs in and lands on the admin panel", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signInAdminInBrowser(page);
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    await page.goto("/login");
    await page.waitForURL("**/admin");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a wrong password shows the spec's message", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await signIn(page, "nobody-here@example.in", "Whatever#123");
    await page.getByText("Invalid email or password. Please check your credentials.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
