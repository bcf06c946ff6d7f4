// What a browser downloads for a page of the built web app: the JavaScript of the entry chunk plus
// the chunks the page loads, gzipped, from the Vite manifest. The build checks the budgets
// (vite.config.ts) and `npm run bench` reports the same figures (bench/frontend.ts).
import fs from "node:fs";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";

export interface RouteBudget {
  route: string;
  /** Manifest keys (source paths under web/) of the chunks the page loads on demand. */
  loads: readonly string[];
  /** Gzipped JavaScript allowed, in KB (1,000 bytes); none: reported only. */
  budgetKb?: number;
}

export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  // The landing page is drawn without the router and the data layer (web/main.tsx).
  { route: "/", loads: [], budgetKb: 100 },
  { route: "/login", loads: ["app/app.tsx", "features/auth/components/login-page.tsx"] },
  { route: "/buy", loads: ["app/app.tsx", "features/items/components/browse-page.tsx"], budgetKb: 190 },
];

export interface RouteSize {
  route: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
  budgetKb: number | null;
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
 * Sizes of each route's JavaScript from a build's manifest (`build.manifest: true`), with `read`
 * giving a built file's content by its path under the output folder.
 */
export function measureRoutesOf(
  manifestText: string,
  read: (file: string) => Uint8Array,
  budgets: readonly RouteBudget[] = ROUTE_BUDGETS,
): RouteSize[] {
  const manifest = JSON.parse(manifestText) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return budgets.map(({ route, loads, budgetKb }) => {
    const keys = new Set<string>();
    for (const key of [...entries, ...loads]) withStaticImports(manifest, key, keys);
    const files = [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith(".js"));
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const content = read(file);
      bytes += content.length;
      // At the level of the .gz copies the server sends (vite.config.ts).
      gzipBytes += gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    }
    const isOverBudget = budgetKb !== undefined && gzipBytes > budgetKb * 1000;
    return { route, files, bytes, gzipBytes, budgetKb: budgetKb ?? null, isOverBudget };
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
  const budget = size.budgetKb === null ? "" : ` (budget ${size.budgetKb} KB)`;
  return `${size.route.padEnd(7)} ${kb(size.gzipBytes).padStart(6)} KB gzipped, ${kb(size.bytes)} KB raw, ${size.files.length} files${budget}`;
}
