// What a browser downloads for each page of the built web app: every script it fetches from the
// moment the address is opened until the page is idle (the network quiet, and a further second
// bringing no new script), signed in as the route needs, with each file counted at its gzipped
// size (the level of the .gz copies the server sends). The build's budget check
// (scripts/route-bundles.ts) predicts the same figures from the build's manifest; this measures
// them in Chromium.
import fs from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import type { RouteBudget, Visitor } from "../../scripts/route-bundles";

export interface PageScripts {
  route: string;
  url: string;
  /** Where the browser ended up: a guard may have sent it elsewhere. */
  landedAt: string;
  files: string[];
  gzipBytes: number;
  targetKb: number;
  budgetKb: number;
}

export interface PageScriptsOptions {
  baseUrl: string;
  /** The built app (dist/web): the fetched files are measured there. */
  webRoot: string;
  chromePath: string;
  /** The Cookie header value of a session, per visitor that needs one. */
  cookies: Partial<Record<Visitor, string>>;
  /** Values for the route's parameters, e.g. { itemId: "..." }. */
  params: Record<string, string>;
}

/** An address that opens the route: its parameters filled in, the catch-all as an unknown page. */
export function addressOf(route: string, params: Record<string, string>): string {
  if (route === "*") return "/no-such-page";
  const address = route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
  // The e-mailed pages are opened from a link with a token, as a reader does.
  return address === "/reset-password" || address === "/verify-email" ? `${address}?token=bench` : address;
}

const QUIET_MS = 1000;

const gzipSizes = new Map<string, number>();
function gzipSizeOf(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

export async function measurePageScripts(
  routes: readonly RouteBudget[],
  options: PageScriptsOptions,
): Promise<PageScripts[]> {
  const browser = await chromium.launch({ executablePath: options.chromePath, args: ["--no-sandbox"] });
  try {
    const results: PageScripts[] = [];
    for (const route of routes) {
      // A fresh context per page: nothing cached from the page before. Without the service worker,
      // which registers after the page has loaded and then fetches the whole build for offline use:
      // the figure is what the page itself needs.
      const context = await browser.newContext({ serviceWorkers: "block" });
      const cookie = options.cookies[route.visitor];
      if (cookie) {
        const [name = "", ...value] = cookie.split("=");
        await context.addCookies([{ name, value: value.join("="), url: options.baseUrl }]);
      }
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
      });
      const url = addressOf(route.route, options.params);
      await page.goto(`${options.baseUrl}${url}`, { waitUntil: "load" });
      // The page counts as settled once a further second has brought no new script. (Not the
      // browser's network idle: the offline check's request, web/pwa/register.ts, keeps Playwright
      // from ever seeing the network quiet.)
      for (let count = -1; count !== scripts.size; ) {
        count = scripts.size;
        await page.waitForTimeout(QUIET_MS);
      }
      const files = [...scripts].sort();
      const gzipBytes = files.reduce(
        (sum, file) => sum + gzipSizeOf(path.join(options.webRoot, decodeURIComponent(file))),
        0,
      );
      results.push({
        route: route.route,
        url,
        landedAt: new URL(page.url()).pathname,
        files,
        gzipBytes,
        targetKb: route.targetKb,
        budgetKb: route.budgetKb,
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

export function describePageScripts(result: PageScripts): string {
  const kb = result.gzipBytes / 1000;
  const toTarget = result.targetKb - kb;
  const verdict = toTarget >= 0 ? `${toTarget.toFixed(1)} KB under` : `${(-toTarget).toFixed(1)} KB OVER`;
  const landed = result.landedAt === result.url.split("?")[0] ? "" : ` (sent on to ${result.landedAt})`;
  return `${result.route.padEnd(16)} ${kb.toFixed(1).padStart(6)} KB gzipped, ${String(result.files.length).padStart(2)} scripts: ${verdict} its ${result.targetKb} KB target${landed}`;
}
