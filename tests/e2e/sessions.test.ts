import { SIGNED_OUT_TEXTS } from "@shared/signed-out-texts";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage, type TrackedPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { PASSWORD, signUpStudent } from "./support/students";

const LAPTOP = {
  viewport: { width: 1280, height: 800 },
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};
const PHONE = {
  viewport: { width: 360, height: 740 },
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

/** A fresh browser profile posing as a device (its own cookies, viewport and user agent). */
function openDevice(browser: Browser, device: typeof LAPTOP): Promise<TrackedPage> {
  return openPage(browser, baseUrl, device.viewport, device.userAgent);
}

async function signInThroughApi(device: TrackedPage, email: string): Promise<void> {
  const response = await device.page.request.post("/api/auth/login", {
    data: { email, password: PASSWORD },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

describe.skipIf(!isBrowserAvailable)("where you're signed in, in the browser", () => {
  const { browser } = useBrowser();

  it("a student sees both devices, signs the phone out from the laptop, and the phone is signed out", async () => {
    const laptop = await openDevice(browser(), LAPTOP);
    const phone = await openDevice(browser(), PHONE);
    const student = await signUpStudent(laptop.page.request, { name: "Kabir Malhotra" });
    await signInThroughApi(phone, student.email);

    // The phone is in the app, its live socket open, and sees the list at its own width.
    await phone.page.goto("/settings");
    const phoneSection = phone.page.getByRole("region", { name: "Where you're signed in" });
    await phoneSection.getByText("Chrome on Android").waitFor();
    await expectNoSeriousA11yViolations(phone.page);

    await laptop.page.goto("/settings");
    const section = laptop.page.getByRole("region", { name: "Where you're signed in" });
    const devices = section.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
    await expect.poll(() => devices.count()).toBe(2);
    const current = devices.filter({ hasText: "This device" });
    await current.getByText("Chrome on Windows").waitFor();
    await devices.filter({ hasText: "Chrome on Android" }).getByText("Active now").waitFor();
    await expectNoSeriousA11yViolations(laptop.page);

    await section.getByRole("button", { name: /^Sign out Chrome on Android/ }).click();
    await laptop.page.getByRole("status").getByText("Signed out of that device.").waitFor();
    await expect.poll(() => devices.count()).toBe(1);
    await section.getByText("No other devices are signed in.").waitFor();

    // The phone's socket is closed by the server: the app notices and sends it to sign in.
    await phone.page.waitForURL("**/login", { timeout: 10_000 });
    // ...and says why, once.
    await phone.page.getByText(SIGNED_OUT_TEXTS["ended-elsewhere"]).waitFor();
    await expectNoSeriousA11yViolations(phone.page);
    await phone.page.goto("/settings");
    await phone.page.waitForURL("**/login");
    await phone.page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await phone.page.getByText(SIGNED_OUT_TEXTS["ended-elsewhere"]).count()).toBe(0);

    expect(laptop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await laptop.context.close();
    await phone.context.close();
  });

  it("'Sign out everywhere else' asks first, then signs out every other device but keeps this one", async () => {
    const laptop = await openDevice(browser(), LAPTOP);
    const phone = await openDevice(browser(), PHONE);
    const student = await signUpStudent(laptop.page.request, { name: "Lavanya Krishnan" });
    await signInThroughApi(phone, student.email);
    await phone.page.goto("/dashboard");

    await laptop.page.goto("/settings");
    const section = laptop.page.getByRole("region", { name: "Where you're signed in" });
    await section.getByText("Chrome on Android", { exact: true }).waitFor();
    const signOutOthers = section.getByRole("button", { name: "Sign out everywhere else" });

    // Escape keeps everything as it was.
    await signOutOthers.click();
    const dialog = laptop.page.getByRole("dialog", { name: "Sign out everywhere else" });
    await dialog.getByText("Sign out of every other device?").waitFor();
    await laptop.page.keyboard.press("Escape");
    await expect.poll(() => laptop.page.getByRole("dialog").count()).toBe(0);
    expect(phone.page.url()).toMatch(/\/dashboard$/);

    // From the keyboard: the button opens the dialog, and its "Sign out" confirms.
    await signOutOthers.focus();
    await laptop.page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    await laptop.page.getByRole("status").getByText("Signed out everywhere else.").waitFor();
    await section.getByText("No other devices are signed in.").waitFor();
    await phone.page.waitForURL("**/login", { timeout: 10_000 });

    await laptop.page.reload();
    await section.getByText("This device").waitFor();
    expect(laptop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await laptop.context.close();
    await phone.context.close();
  });
});
