// What a browser downloads for each page of the built web app: the JavaScript of the entry chunk
// (or of the scripts the page's own HTML names) plus the chunks the page loads, gzipped, from the
// Vite manifest. The build checks the budgets (vite.config.ts) and `npm run bench` reports the
// same figures (bench/frontend.ts).
import fs from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";

/** Who opens the page: its address needs no session, a student's, or the administrator's. */
export type Visitor = "anyone" | "student" | "admin";

export interface RouteBudget {
  /** The route's path as web/app/router.tsx declares it. */
  route: string;
  /** Who the page is measured for: signed in where the route needs it. */
  visitor: Visitor;
  /** Manifest keys (source paths under web/) of the chunks the page loads on demand. */
  loads: readonly string[];
  /**
   * Manifest keys of chunks the page fetches by itself once it runs, such as the live socket's frame
   * parser: counted, since the browser downloads them before the page is idle, but not preloaded.
   */
  later?: readonly string[];
  /**
   * The built HTML file the server sends for the page when it is not the app's index.html: the
   * page then downloads the scripts that file names, and not the app's entry.
   */
  html?: string;
  /** Gzipped JavaScript the page should weigh at most, in KB (1,000 bytes). */
  targetKb: number;
  /** Gzipped JavaScript over which the build fails: the target, or a ceiling until it is met. */
  budgetKb: number;
}

/** What a page may weigh: the landing page 70 KB gzipped, every other page 130 KB (issue 16). */
const LANDING_TARGET_KB = 70;
const PAGE_TARGET_KB = 130;

/**
 * Pages not yet within their target, each held at its measured weight plus about 1 KB, so that none
 * grows unnoticed; lower these as pages get lighter. None at present: /sell and /settings, forms from
 * their first paint, bind react-hook-form on first use (web/lib/deferred-form.ts, decision 012).
 */
const NOT_YET_WITHIN_TARGET: Readonly<Record<string, number>> = {};

const budget = (route: string, visitor: Visitor, loads: readonly string[]): RouteBudget => {
  const targetKb = route === "/" ? LANDING_TARGET_KB : PAGE_TARGET_KB;
  return { route, visitor, loads, targetKb, budgetKb: NOT_YET_WITHIN_TARGET[route] ?? targetKb };
};

/** The app's module, which every page but the landing page loads first. */
export const APP_MODULE = "app/app.tsx";
const APP = APP_MODULE;
const STUDENT_LAYOUT = "app/layout/student-layout.tsx";
const ADMIN_LAYOUT = "app/layout/admin-layout.tsx";
/** The layouts pages are drawn in; each has its own chunk of what only it uses (vite.config.ts). */
export const LAYOUT_MODULES = [STUDENT_LAYOUT, ADMIN_LAYOUT] as const;
/*
 * The student layout's live socket reads its greeting without the frame parser (web/lib/live-order.ts)
 * and fetches the parser (lib/live-frames.ts) with the first live event only, so it is not counted.
 */
const publicPage = (route: string, page: string) => budget(route, "anyone", [APP, page]);
const studentPage = (route: string, page: string) => budget(route, "student", [APP, STUDENT_LAYOUT, page]);

/** Every route of web/app/router.tsx (the build fails when one is missing) and what it loads. */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  // The landing page is HTML written by the build, with one small script (scripts/landing-page-html.ts).
  { ...budget("/", "anyone", []), html: "landing.html" },
  publicPage("/privacy-policy", "features/legal/privacy-policy-page.tsx"),
  publicPage("/terms-of-use", "features/legal/terms-of-use-page.tsx"),
  publicPage("/forgot-password", "features/auth/components/forgot-password-page.tsx"),
  publicPage("/reset-password", "features/auth/components/reset-password-page.tsx"),
  publicPage("/verify-email", "features/auth/components/verify-email-page.tsx"),
  publicPage("/appeal", "features/auth/components/appeal-page.tsx"),
  publicPage("/login", "features/auth/components/login-page.tsx"),
  publicPage("/signup", "features/auth/components/signup-page.tsx"),
  studentPage("/dashboard", "app/dashboard-route.tsx"),
  studentPage("/vault", "features/vault/components/vault-page.tsx"),
  studentPage("/sell", "features/items/components/sell-page.tsx"),
  studentPage("/buy", "features/items/components/browse-page.tsx"),
  studentPage("/item/:itemId", "features/items/components/item-detail-page.tsx"),
  studentPage("/favourites", "features/items/components/favourites-page.tsx"),
  studentPage("/saved-searches", "features/items/saved-searches/saved-searches-page.tsx"),
  studentPage("/messages", "features/chats/components/messages-page.tsx"),
  studentPage("/notifications", "features/notifications/components/notifications-page.tsx"),
  studentPage("/profile", "features/profiles/components/own-profile-page.tsx"),
  studentPage("/profile/:userId", "features/profiles/components/public-profile-page.tsx"),
  studentPage("/settings", "features/settings/components/settings-page.tsx"),
  studentPage("/events", "features/events/components/events-page.tsx"),
  studentPage("/teammates", "features/recruitment/components/teammates-page.tsx"),
  budget("/admin", "admin", [APP, ADMIN_LAYOUT, "features/admin/components/admin-page.tsx"]),
  // The old address of a profile, sent on to /profile/{id}; the page for unknown addresses.
  studentPage("/user/:id", "features/profiles/components/public-profile-page.tsx"),
  // An event's public page in the app: its card on the Events page.
  studentPage("/events/:eventId", "features/events/components/events-page.tsx"),
  budget("*", "anyone", [APP, "app/not-found-page.tsx"]),
];

/** The paths web/app/router.tsx declares, read from its source. */
export function routerPaths(routerSource: string): string[] {
  return [...routerSource.matchAll(/\bpath: "([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** Paths of the router without a budget, and budgets of paths the router no longer has. */
export function uncoveredRoutes(routerSource: string, budgets: readonly RouteBudget[] = ROUTE_BUDGETS) {
  const paths = routerPaths(routerSource);
  const budgeted = new Set(budgets.map((budget) => budget.route));
  return {
    withoutBudget: paths.filter((route) => !budgeted.has(route)),
    notInRouter: [...budgeted].filter((route) => !paths.includes(route)),
  };
}

export interface RouteSize {
  route: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
  targetKb: number;
  budgetKb: number;
  isOverBudget: boolean;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export const manifestPath = (outDir: string) => path.join(outDir, ".vite", "manifest.json");

/** The chunk and everything it imports statically, as manifest keys. */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}: update ROUTE_BUDGETS.`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

/**
 * Manifest keys of the scripts a page starts with: those its own HTML file names, or else the app's
 * entry (index.html's).
 */
function scriptsOf(
  manifest: Manifest,
  html: string | undefined,
  read: (file: string) => Uint8Array,
): string[] {
  if (html === undefined) return ["index.html"];
  const text = Buffer.from(read(html)).toString("utf8");
  const sources = [...text.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((match) => match[1]);
  return sources.map((file) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
    if (!key) throw new Error(`${html} loads ${file}, which the build manifest does not list.`);
    return key;
  });
}

/**
 * Sizes of each route's JavaScript from a build's manifest (`build.manifest: true`), with `read`
 * giving a built file's content by its path under the output folder.
 */
export function measureRoutesOf(
  manifestText: string,
  read: (file: string) => Uint8Array,
  budgets: readonly RouteBudget[] = ROUTE_BUDGETS,
): RouteSize[] {
  const manifest = JSON.parse(manifestText) as Manifest;
  return budgets.map(({ route, loads, later = [], html, targetKb, budgetKb }) => {
    const keys = new Set<string>();
    for (const key of [...scriptsOf(manifest, html, read), ...loads, ...later]) {
      withStaticImports(manifest, key, keys);
    }
    const files = [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith(".js"));
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const content = read(file);
      bytes += content.length;
      // At the level of the .gz copies the server sends (vite.config.ts).
      gzipBytes += gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    }
    return { route, files, bytes, gzipBytes, targetKb, budgetKb, isOverBudget: gzipBytes > budgetKb * 1000 };
  });
}

/** Sizes of each route's JavaScript in a build folder such as dist/web. */
export function measureRoutes(outDir: string, budgets: readonly RouteBudget[] = ROUTE_BUDGETS): RouteSize[] {
  return measureRoutesOf(
    fs.readFileSync(manifestPath(outDir), "utf8"),
    (file) => fs.readFileSync(path.join(outDir, file)),
    budgets,
  );
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function describeRoute(size: RouteSize): string {
  const toTarget = size.targetKb - size.gzipBytes / 1000;
  const target = toTarget >= 0 ? `${toTarget.toFixed(1)} KB under` : `${(-toTarget).toFixed(1)} KB OVER`;
  const ceiling = size.budgetKb === size.targetKb ? "" : `; build fails over ${size.budgetKb} KB`;
  return `${size.route.padEnd(16)} ${kb(size.gzipBytes).padStart(6)} KB gzipped (${kb(size.bytes).padStart(6)} KB raw, ${String(size.files.length).padStart(2)} files): ${target} its ${size.targetKb} KB target${ceiling}`;
}
