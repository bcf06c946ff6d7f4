import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { expect } from "vitest";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** CHROME_PATH wins; otherwise Debian's Chromium. */
export function findChromium(): string | null {
  const configured = process.env.CHROME_PATH;
  if (configured) return fs.existsSync(configured) ? configured : null;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? null;
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Errors the page printed or threw; a test ends by asserting there are none. */
  errors: string[];
}

/**
 * A fresh browser profile (no cookies, no storage) whose console errors are collected; a user agent
 * makes it pose as a given device.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
  userAgent?: string,
): Promise<TrackedPage> {
  return openDevice(browser, baseUrl, { viewport, userAgent });
}

/** Console errors that are the browser's own report of a failed request, not the app's. */
const BROWSER_REPORTS = /Failed to load resource/;

/**
 * A fresh browser profile with the given context options (a phone's viewport, touch and scale),
 * whose page errors and console errors are collected, except those `ignored` matches.
 */
export async function openDevice(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions,
  ignored = BROWSER_REPORTS,
): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // A 401 from /api/auth/me-style probes is expected; the browser logs failed fetches itself.
    if (message.type() === "error" && !ignored.test(message.text())) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return { context, page, errors };
}

/**
 * Fails on any serious or critical axe violation on the page once it has settled: no region marked
 * busy (a list dimmed while it refetches after a live change) and no colour or opacity transition
 * under way, since axe measures contrast on the colours of the moment.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll("[aria-busy]")).every(
        (region) => region.getAttribute("aria-busy") !== "true" && getComputedStyle(region).opacity === "1",
      ) && document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    undefined,
    { timeout: 15_000, polling: 100 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
