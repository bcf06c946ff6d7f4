import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";

const PASSWORD = "Campus#Bazaar9";

describe.skipIf(!isBrowserAvailable)("the sign-up college picker on a 360 px touch phone", () => {
  const { browser } = useBrowser();

  it("finds a college by 'IITB', 'NIT Trichy' and a middle word, and signs up with it", async () => {
    const { page, context, errors } = await openDevice(browser(), baseUrl, {
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    await page.goto("/signup");
    const box = page.getByRole("combobox", { name: "City and College" });

    await box.tap();
    await box.fill("NIT Trichy");
    await page.getByRole("option", { name: "NIT Tiruchirappalli, Tiruchirappalli" }).waitFor();
    expect(await page.getByRole("option").count()).toBe(1);

    // A word in the middle of the name, in any case: every IIM, starts-with names first.
    await box.fill("management");
    await page.getByRole("option", { name: "Indian Institute of Management Bangalore, Bengaluru" }).waitFor();
    await box.fill("Zyxwvutz");
    await page.getByText("No matches").waitFor();

    await box.fill("IITB");
    const bombay = page.getByRole("option", { name: "IIT Bombay, Mumbai" });
    await bombay.tap();
    expect(await box.inputValue()).toBe("IIT Bombay, Mumbai");
    await page.getByText("Selected: IIT Bombay (Mumbai)").waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Full Name").fill("Riya Kulkarni");
    await page.getByLabel("Email Address").fill(`riya-${randomBytes(4).toString("hex")}@example.in`);
    await page.getByLabel("Mobile Number").fill(`9${Math.floor(100_000_000 + Math.random() * 899_999_999)}`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I accept the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).tap();
    await page.waitForURL((url) => !url.pathname.startsWith("/signup"));
    const me = await page.request.get("/api/auth/me");
    expect(await me.json()).toMatchObject({ user: { city: "Mumbai", college: "IIT Bombay" } });
    expect(errors).toEqual([]);
    await context.close();
  });
});
