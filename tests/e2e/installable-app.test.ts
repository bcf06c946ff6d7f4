import { describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signUpStudent } from "./support/students";

const OFFLINE_TEXT = "You're offline. We'll reconnect when you're back.";

describe.skipIf(!isBrowserAvailable)("the installable app, in the browser", () => {
  const { browser } = useBrowser();

  it("passes Chromium's installability checks, installs its service worker, and reloads offline", async () => {
    const device = await openPage(browser(), baseUrl);
    const { page, context } = device;
    await signUpStudent(page.request, { name: "Ishita Bose" });

    const manifest = await page.request.get("/manifest.webmanifest");
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ display: "standalone", start_url: "/dashboard" });

    await page.goto("/dashboard");
    // The worker registers after the page has loaded, and precaches the shell and the assets.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === "activated",
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is a private window, where Chromium never offers installation.
    const errors = installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito");
    expect(errors).toEqual([]);

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

    // Back online, the notice goes on its own.
    await context.setOffline(false);
    await notice.waitFor({ state: "hidden" });
    expect(device.errors).toEqual([]);
    await context.close();
  });
});
