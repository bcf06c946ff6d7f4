import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { keptSnapshot } from "./support/offline";
import { signUpStudent } from "./support/students";

/** The worker the e2e server sends (it serves the build's files as they are on disk). */
const WORKER_FILE = path.resolve(import.meta.dirname, "../../dist/web/sw.js");

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** Offline, the browser reports failed requests and the live socket's failed reconnections itself. */
const BROWSER_REPORTS_OFFLINE = /Failed to load resource|WebSocket connection to .* failed/;

const OFFLINE_TEXT = "You're offline. We'll reconnect when you're back.";

describe.skipIf(!isBrowserAvailable)("the installable app, in the browser", () => {
  const { browser } = useBrowser();

  it("passes Chromium's installability checks, installs its service worker, and reloads offline", async () => {
    const device = await openDevice(browser(), baseUrl, DESKTOP, BROWSER_REPORTS_OFFLINE);
    const { page, context } = device;
    await signUpStudent(page.request, { name: "Ishita Bose" });

    const manifest = await page.request.get("/manifest.webmanifest");
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ display: "standalone", start_url: "/dashboard" });

    const cdp = await context.newCDPSession(page);
    const installabilityErrors = async () => {
      const { installabilityErrors: errors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test's browser context is a private window, where Chromium never offers installation.
      return errors.map((error) => error.errorId).filter((id) => id !== "in-incognito");
    };
    // The landing page (its own HTML) and the app both register the worker after they load.
    for (const address of ["/", "/dashboard"]) {
      await page.goto(address);
      // The worker precaches the shell and the assets, then activates.
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.ready).active?.state === "activated",
      );
      // The app's pages link the manifest themselves once the page is drawn (web/pwa/register.ts).
      await page.locator('link[rel="manifest"]').waitFor({ state: "attached" });
      expect(await installabilityErrors(), address).toEqual([]);
    }

    // Who is signed in is kept on the device once the page has been drawn (decision 052).
    await expect.poll(() => keptSnapshot(page), { timeout: 15_000 }).not.toBeNull();

    // Offline, a reload of a page visited is answered by the worker: the shell and the offline notice.
    await context.setOffline(true);
    await page.reload();
    const notice = page.getByRole("status").filter({ hasText: OFFLINE_TEXT });
    await notice.waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.title()).toContain("Campus Bazaar");
    // Waiting requests do not spin meanwhile: the notice is the page's state.
    await page.locator("html[data-offline]").waitFor({ state: "attached" });
    expect(await page.locator("svg.motion-safe\\:animate-spin").first().isVisible()).toBe(false);

    // Who is signed in is kept on the device (decision 052): the app's shell draws offline.
    await page.getByRole("link", { name: /^Buy Item/ }).waitFor();

    // Back online, the notice goes on its own.
    await context.setOffline(false);
    await notice.waitFor({ state: "hidden" });

    // Offline again, a list opened from the app says so in place of a spinner, and loads by itself
    // once the connection is back.
    await page.goto("/dashboard");
    const buy = page.getByRole("link", { name: /^Buy Item/ });
    await buy.waitFor();
    await context.setOffline(true);
    await buy.click();
    await page.waitForURL("**/buy");
    const listOffline = page
      .getByRole("status")
      .filter({ hasText: "This list loads as soon as you're back online." });
    await listOffline.waitFor();
    expect(await page.getByText("Loading items").count()).toBe(0);
    await context.setOffline(false);
    await listOffline.waitFor({ state: "hidden" });
    await page.getByText(/^\d+ item\(s\) found/).waitFor();
    expect(device.errors).toEqual([]);
    await context.close();
  });

  it("the worker takes the first page it installs on, so the pages opened next come from it offline", async () => {
    const device = await openDevice(browser(), baseUrl, PHONE, BROWSER_REPORTS_OFFLINE);
    const { page, context } = device;
    await signUpStudent(page.request, { name: "Farhan Akhtar" });
    await page.goto("/dashboard");
    // No reload: the first visit itself is controlled once the worker has stored everything.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await context.setOffline(true);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Browse" }).click();
    await page.getByRole("heading", { name: "Browse Items" }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: "This list loads as soon as you're back online." })
      .waitFor();
    await context.setOffline(false);
    await page.getByText(/^\d+ item\(s\) found/).waitFor();
    expect(device.errors).toEqual([]);
    await context.close();
  });

  it("without a worker, a page opened offline says so, and draws itself once the connection is back", async () => {
    const device = await openDevice(
      browser(),
      baseUrl,
      { ...PHONE, serviceWorkers: "block" },
      BROWSER_REPORTS_OFFLINE,
    );
    const { page, context } = device;
    await signUpStudent(page.request, { name: "Meera Pillai" });
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await context.setOffline(true);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Browse" }).click();
    const pageOffline = page
      .getByRole("status")
      .filter({ hasText: "This page loads as soon as you're back online." });
    await pageOffline.waitFor();
    expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);
    await context.setOffline(false);
    await page.getByRole("heading", { name: "Browse Items" }).waitFor();
    await page.getByText(/^\d+ item\(s\) found/).waitFor();
    await pageOffline.waitFor({ state: "hidden" });
    expect(device.errors).toEqual([]);
    await context.close();
  });

  it("a new version waits without breaking the open tab, and takes over on 'Reload'", async () => {
    const device = await openPage(browser(), baseUrl);
    const { page, context } = device;
    await signUpStudent(page.request, { name: "Aditya Kulkarni" });
    await page.goto("/dashboard");
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === "activated",
    );
    const workerNow = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          hasWaiting: Boolean(registration?.waiting),
          isControlled: navigator.serviceWorker.controller !== null,
        };
      });

    const original = fs.readFileSync(WORKER_FILE, "utf8");
    try {
      // A new build: the worker's file differs by a byte.
      fs.writeFileSync(WORKER_FILE, `${original}\n// the next build\n`);
      await page.reload();
      const notice = page.getByRole("status").filter({ hasText: "A new version is available" });
      await notice.waitFor();
      // The open tab keeps the version it runs until the student chooses.
      expect(await workerNow()).toEqual({ hasWaiting: true, isControlled: true });
      // Listening before the click: the new version may take over and reload at once.
      const reloaded = page.waitForEvent("load");
      await notice.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect.poll(workerNow).toEqual({ hasWaiting: false, isControlled: true });
      await notice.waitFor({ state: "hidden" });
    } finally {
      fs.writeFileSync(WORKER_FILE, original);
    }
    expect(device.errors).toEqual([]);
    await context.close();
  });
});
