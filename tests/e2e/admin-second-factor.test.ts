import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../helpers/e2e-global-setup";
import { memoryFactorStore, nextCode, totpCode } from "../helpers/second-factor";
import { type ServerProcess, startServer } from "../helpers/server-process";
import { isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";

const PHONE = { width: 360, height: 740 };

async function passwordStep(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The focused element's accessible label, as a screen reader would announce the field. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent ?? null;
  });

// Its own server: the first sign-in of an administrator happens once per database, and the shared
// server's administrator may have set it up already in another file.
describe.skipIf(!isBrowserAvailable)("the administrator's second factor in the browser", () => {
  const { browser } = useBrowser();
  let server: ServerProcess | undefined;
  let serverDir = "";
  let baseUrl = "";
  const store = memoryFactorStore();

  beforeAll(async () => {
    serverDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-e2e-2fa-"));
    server = await startServer({
      env: {
        DATA_DIR: serverDir,
        ADMIN_EMAIL: E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        AUTH_RATE_LIMIT: "200",
      },
    });
    baseUrl = `http://localhost:${server.port}`;
  }, 120_000);
  afterAll(async () => {
    await server?.terminate();
    await fs.rm(serverDir, { recursive: true, force: true });
  });

  it("on a phone: the first sign-in sets up the authenticator from the key as text, shows the recovery codes once and reaches /admin", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl, PHONE);
    await passwordStep(page);
    await page.getByRole("heading", { name: "Set up two-step sign-in" }).waitFor();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const keyBox = page.getByRole("region", { name: "Can't scan? Enter this key" });
    const secret = ((await keyBox.locator("code").textContent()) ?? "").replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const field = page.getByLabel("Authentication code");
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await field.getAttribute("inputmode")).toBe("numeric");
    await expect.poll(() => focusedLabel(page)).toBe("Authentication code");
    await expectNoSeriousA11yViolations(page);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A wrong code: the error is announced, the field is marked and focused again.
    await field.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").filter({ hasText: "Incorrect code. Please try again." }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => focusedLabel(page)).toBe("Authentication code");

    const factor = { secret, lastStep: -1, recoveryCodes: [] as string[] };
    await field.fill(await nextCode(factor));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Save your recovery codes" }).waitFor();
    const codes = await page
      .getByRole("list", { name: "Recovery codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code.trim()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const download = page.getByRole("link", { name: "Download codes" });
    expect(await download.getAttribute("download")).toBe("campus-bazaar-recovery-codes.txt");
    expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain(codes[0]?.trim());
    await page.getByRole("button", { name: "Copy codes" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    factor.recoveryCodes = codes.map((code) => code.trim());
    store.save(factor);

    await page.getByRole("button", { name: "Continue to admin panel" }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a desktop: after signing out, the next sign-in asks for the authentication code", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signInAdminInBrowser(page, { store });
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");

    await passwordStep(page);
    await page.getByRole("heading", { name: "Two-step sign-in" }).waitFor();
    expect(await page.getByRole("region", { name: "Can't scan? Enter this key" }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    const factor = store.load();
    if (!factor) throw new Error("no factor kept by the first test");
    // A code already used is refused (replay); the next one of the app signs in.
    await page.getByLabel("Authentication code").fill(await totpCode(factor.secret, factor.lastStep));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").filter({ hasText: "Incorrect code. Please try again." }).waitFor();
    await page.getByLabel("Authentication code").fill(await nextCode(factor, { useRecoveryCodes: false }));
    store.save(factor);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a recovery code signs in once instead of the app's code", async () => {
    const factor = store.load();
    const recovery = factor?.recoveryCodes.at(-1) ?? "";
    for (const attempt of ["first", "second"]) {
      const { page, context } = await openPage(browser(), baseUrl, PHONE);
      await passwordStep(page);
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recovery);
      await page.getByRole("button", { name: "Verify" }).click();
      if (attempt === "first") {
        await page.waitForURL("**/admin");
      } else {
        await page.getByRole("alert").filter({ hasText: "Incorrect code. Please try again." }).waitFor();
        await expect.poll(() => focusedLabel(page)).toBe("Recovery code");
      }
      await context.close();
    }
  });
});
