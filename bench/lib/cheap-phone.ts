// A cheap Android phone on a slow connection, cold: Chromium at 360x740 with touch, the network
// throttled to DevTools' 'Fast 3G' (562.5 ms round trip, 180 KB/s down, 84 KB/s up) and the CPU
// slowed four times, in a fresh browser context each run (no HTTP cache, no service worker). It
// measures when the first card's photo on /buy is on screen: loaded, decoded and in the page,
// from the start of the navigation. The goal is 2.0 s at the median.
import { chromium } from "playwright-core";
import { percentile } from "./stats";

/** DevTools' 'Fast 3G' preset, as Chromium's network conditions. */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
};
export const CPU_SLOWDOWN = 4;

/** Where a run's time went, in ms from the navigation's start (the browser's resource timing). */
export interface RunBreakdown {
  shownMs: number;
  /** The page's HTML fully arrived. */
  htmlMs: number;
  /** The last script the page needed arrived. */
  scriptsMs: number;
  /** The photo shown first arrived. */
  photoMs: number;
  /**
   * The app had replaced the first screen the server drew (docs/decisions/059-*) with its own: from
   * then on the page answers taps and typing. Null where the page came without one.
   */
  appMs: number | null;
}

/**
 * Checked in the page at every frame: when a photo in the page has arrived and been decoded, the
 * time and where it went.
 */
function firstPhotoShown(): (Omit<RunBreakdown, "appMs"> & { isDrawnFirst: boolean }) | null {
  const photo = [...document.querySelectorAll<HTMLImageElement>("main img")].find(
    (img) => img.complete && img.naturalWidth > 0,
  );
  if (!photo) return null;
  const shownMs = performance.now();
  const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const scripts = resources.filter((entry) => entry.name.endsWith(".js")).map((entry) => entry.responseEnd);
  return {
    shownMs,
    htmlMs: navigation?.responseEnd ?? 0,
    scriptsMs: Math.max(0, ...scripts),
    photoMs: resources.find((entry) => entry.name === photo.currentSrc)?.responseEnd ?? 0,
    isDrawnFirst: photo.closest("[data-first-screen]") !== null,
  };
}

export interface FirstThumbnail {
  path: string;
  runs: RunBreakdown[];
  runsMs: number[];
  medianMs: number;
  goalMs: number;
}

export async function measureFirstThumbnail(options: {
  baseUrl: string;
  chromePath: string;
  /** The Cookie header value of a signed-in student's session. */
  cookie: string;
  runs: number;
}): Promise<FirstThumbnail> {
  const browser = await chromium.launch({ executablePath: options.chromePath, args: ["--no-sandbox"] });
  const runs: RunBreakdown[] = [];
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: "block",
        extraHTTPHeaders: { cookie: options.cookie },
      });
      // The bench runs through tsx, whose build names functions with a helper the page lacks.
      await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", FAST_3G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.goto(`${options.baseUrl}/buy`, { waitUntil: "commit" });
      // Checked at every frame: the first card photo that has arrived and been decoded.
      const shownAt = await page.waitForFunction(firstPhotoShown, undefined, {
        polling: "raf",
        timeout: 60_000,
      });
      const timing = (await shownAt.jsonValue()) as Omit<RunBreakdown, "appMs"> & { isDrawnFirst: boolean };
      // Checked at every frame: the drawn first screen gone, the app's own page in its place.
      const appAt = await page.waitForFunction(
        () => (document.querySelector("[data-first-screen]") ? null : performance.now()),
        undefined,
        { polling: "raf", timeout: 60_000 },
      );
      runs.push({
        shownMs: Math.round(timing.shownMs),
        htmlMs: Math.round(timing.htmlMs),
        scriptsMs: Math.round(timing.scriptsMs),
        photoMs: Math.round(timing.photoMs),
        appMs: timing.isDrawnFirst ? Math.round((await appAt.jsonValue()) as number) : null,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const runsMs = runs.map((run) => run.shownMs);
  return {
    path: "/buy",
    runs,
    runsMs,
    medianMs: percentile(
      runsMs.toSorted((a, b) => a - b),
      0.5,
    ),
    goalMs: 2000,
  };
}
