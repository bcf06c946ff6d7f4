import type { Browser } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchBrowser } from "../helpers/browser";

export const chromiumPath = inject("chromiumPath");
export const baseUrl = inject("baseUrl");
export const dataDir = inject("dataDir");
export const isBrowserAvailable = chromiumPath !== null && baseUrl !== "";

/** One Chromium per test file, launched only when the suite is not skipped. */
export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (isBrowserAvailable && chromiumPath) browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error("Chromium is not running");
      return browser;
    },
  };
}
