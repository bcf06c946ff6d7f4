import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";

const PASSWORD = "Campus#Bazaar9";

describe.skipIf(!isBrowserAvailable)("the signup form", () => {
  const { browser } = useBrowser();

  it("suggests colleges by starts-with, says 'No matches', and is driven by the keyboard", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await page.goto("/signup");
    const box = page.getByRole("combobox", { name: "City and College" });
    await box.fill("CHENNAI");
    await page.getByRole("option", { name: "IIT Madras, Chennai" }).waitFor();
    await box.fill("adras");
    await page.getByText("No matches").waitFor();
    await box.fill("pil");
    await page.getByRole("option", { name: "BITS Pilani, Pilani" }).waitFor();
    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    await box.press("ArrowDown");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("BITS Pilani, Pilani");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows only the first failing rule's message, in the spec's order, and strips unsafe characters", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("<A>");
    expect(await page.getByLabel("Full Name").inputValue()).toBe("A");
    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I accept the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("alert").getByText("Name must be at least 2 characters").waitFor();

    await page.getByLabel("Full Name").fill("Arjun Mehta");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("alert").getByText("Please enter a valid email address").waitFor();

    await page.getByLabel("Email Address").fill("arjun@example.in");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("alert").getByText("Please select your city and college").waitFor();
    await context.close();
  });

  it("rates the password as the person types and keeps Create Account off until terms are ticked", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    await page.goto("/signup");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("abc");
    await page.getByText("At least 6 characters required").waitFor();
    await password.fill("qwerty1");
    await page.getByText("Please choose a less common password").waitFor();
    await password.fill("kite-runner");
    await page.getByText("Great").waitFor();
    expect(await page.getByRole("button", { name: "Create Account" }).isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: /I accept the/ }).check();
    expect(await page.getByRole("button", { name: "Create Account" }).isDisabled()).toBe(false);
    await context.close();
  });

  it("blocks the form after three failed attempts, with a countdown kept across reloads", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    // An existing address makes the server refuse each attempt.
    const email = `taken-${randomBytes(4).toString("hex")}@example.in`;
    const signup = await page.request.post("/api/auth/signup", {
      data: {
        name: "Taken Name",
        email,
        city: "Mumbai",
        college: "IIT Bombay",
        mobile: "9876543210",
        password: PASSWORD,
        acceptTerms: true,
      },
      headers: { origin: baseUrl },
    });
    expect(signup.status()).toBe(201);
    await context.clearCookies();

    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Kavya Nair");
    await page.getByLabel("Email Address").fill(email);
    const box = page.getByRole("combobox", { name: "City and College" });
    await box.fill("IIT Bombay");
    await page.getByRole("option", { name: "IIT Bombay, Mumbai" }).click();
    await page.getByLabel("Mobile Number").fill("9123456780");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I accept the/ }).check();
    const submit = page.getByRole("button", { name: "Create Account" });
    for (let attempt = 1; attempt <= 2; attempt++) {
      await submit.click();
      await page
        .getByText("An account with this email already exists. Please try logging in instead.")
        .waitFor();
    }
    await submit.click();
    await page.getByText("Too many failed attempts. Account temporarily blocked for security.").waitFor();
    await page.getByText(/Account temporarily blocked\. Time remaining: 15 minutes/).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await page.reload();
    await page.getByText(/Account temporarily blocked\. Time remaining: \d+ minutes/).waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem("signupAttempts"));
    expect(JSON.parse(stored ?? "{}").count).toBe(3);
    await context.close();
  });

  it("drops a submission whose hidden trap field is filled", async () => {
    const { page, context } = await openPage(browser(), baseUrl);
    const email = `bot-${randomBytes(4).toString("hex")}@example.in`;
    let signupCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/signup")) signupCalls++;
    });
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Robot Person");
    await page.getByLabel("Email Address").fill(email);
    const box = page.getByRole("combobox", { name: "City and College" });
    await box.fill("IIT Delhi");
    await page.getByRole("option", { name: "IIT Delhi, New Delhi" }).click();
    await page.getByLabel("Mobile Number").fill("9123456780");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I accept the/ }).check();
    await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForTimeout(500);
    expect(signupCalls).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/signup");
    await context.close();
  });
});
