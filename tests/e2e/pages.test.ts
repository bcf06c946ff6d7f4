import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, dataDir, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";

const PASSWORD = "Campus#Bazaar9";

async function signUpByApi(page: Page, email: string) {
  const response = await page.request.post("/api/auth/signup", {
    data: {
      name: "Rohan Das",
      email,
      city: "Kolkata",
      college: "Jadavpur University",
      mobile: "9812345678",
      password: PASSWORD,
      acceptTerms: true,
    },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(201);
}

/**
 * The link to `page` in the newest mail file to an address (mail goes to DATA_DIR/mail without
 * SMTP). Mail leaves through the outbox after the answer, so it is waited for.
 */
async function linkFromMail(to: string, page: "/verify-email" | "/reset-password"): Promise<string> {
  const folder = path.join(dataDir, "mail");
  const pattern = new RegExp(`https?://\\S+${page}\\?token=\\S+`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = (await fs.readdir(folder).catch(() => [])).sort().reverse();
    for (const file of files) {
      const text = await fs.readFile(path.join(folder, file), "utf8");
      const link = text.includes(`To: ${to}`) ? text.match(pattern)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link to ${page}`);
}

describe.skipIf(!isBrowserAvailable)("pages, accessibility and e-mail links", () => {
  const { browser } = useBrowser();

  it.each([
    ["/", "Your Campus Marketplace"],
    ["/login", "Welcome back"],
    ["/signup", /Create|Join/],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-use", "Terms of Use"],
    ["/forgot-password", /password/i],
    ["/no-such-page", "Page not found"],
  ])("%s renders with no serious accessibility violation", async (route, heading) => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await page.goto(route);
    await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the landing page loads no app: it invites a visitor in and welcomes a signed-in student", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl, { width: 360, height: 740 });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    const account = page.getByRole("navigation", { name: "Account" });
    await account.getByRole("link", { name: "Login" }).waitFor();
    expect(await account.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/signup");
    await expectNoSeriousA11yViolations(page);

    await signUpByApi(page, `rohan-${randomBytes(4).toString("hex")}@example.in`);
    await page.goto("/");
    await page.getByText("Welcome back, Rohan Das! Pick up where you left off.").waitFor();
    await expectNoSeriousA11yViolations(page);
    // One small script on both visits, not React and the app.
    expect(scripts).toHaveLength(2);
    expect(new Set(scripts).size).toBe(1);

    await page.getByRole("link", { name: "Go to Dashboard" }).first().click();
    await page.getByText("No recent activity").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the legal pages carry the date and a way home", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    for (const route of ["/privacy-policy", "/terms-of-use"]) {
      await page.goto(route);
      await page.getByText("Last updated 16 January 2025").waitFor();
      await page.getByRole("link", { name: "Back to Home" }).waitFor();
    }
    await context.close();
  });

  it("signed-in pages pass axe, the vault says it is coming, and the phone menu works", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl, { width: 360, height: 740 });
    await signUpByApi(page, `rohan-${randomBytes(4).toString("hex")}@example.in`);
    await page.goto("/dashboard");
    await page.getByText("No recent activity").waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/vault");
    await page.getByRole("heading", { name: "CampusVault - Coming Soon" }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    for (const name of [/Notifications/, /Messages/, /Profile/, /Logout/]) {
      expect(
        await page.getByRole("navigation").getByText(name).or(page.getByRole("button", { name })).count(),
      ).toBeGreaterThan(0);
    }
    expect(await page.getByText("Settings", { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the admin panel passes axe", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signInAdminInBrowser(page);
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the verification link from the e-mail verifies the address", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    const email = `verify-${randomBytes(4).toString("hex")}@example.in`;
    await signUpByApi(page, email);
    await page.goto("/dashboard");
    await page.getByText("Please verify your email address").waitFor();
    const link = await linkFromMail(email, "/verify-email");
    await page.goto(link);
    await page.getByText("Your email address is verified.").waitFor();
    const me = await (await page.request.get("/api/auth/me")).json();
    expect(me.user.emailVerified).toBe(true);
    await context.close();
  });

  it("'Forgot password?' mails a reset link that sets a new password", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    const email = `reset-${randomBytes(4).toString("hex")}@example.in`;
    await signUpByApi(page, email);
    await context.clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByLabel(/Email/i).fill(email);
    await page.getByRole("button", { name: /Send|Reset/i }).click();
    await page.getByText("If an account exists for that address, a reset link is on its way.").waitFor();

    await page.goto(await linkFromMail(email, "/reset-password"));
    const newPassword = "Fresh#Start42";
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: /Reset|Save|Set/i }).click();
    await page.getByText("Your password has been reset. Please sign in with the new password.").waitFor();

    await page.goto("/login");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/dashboard");
    await context.close();
  });
});
