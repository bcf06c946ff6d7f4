import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { CodeSplittingGroup } from "rolldown";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { landingPageHtml } from "./scripts/landing-page-html.ts";
import { notYetLoaded } from "./scripts/preload-lists.ts";
import {
  APP_MODULE,
  describeRoute,
  kb,
  LAYOUT_MODULES,
  measureRoutesOf,
  ROUTE_BUDGETS,
  uncoveredRoutes,
} from "./scripts/route-bundles.ts";
import { type Shell, shellModules } from "./scripts/shell-chunks.ts";
import type { RouteChunks } from "./shared/app-routes.ts";
import { PHOTO_CACHE } from "./web/lib/offline-cache/kept-account.ts";

/**
 * A built file's content, from the bundle in memory rather than from disk: another build writing
 * into the same folder at the same moment cannot pull it away.
 */
function contentOf(bundle: Rollup.OutputBundle, file: string): Uint8Array {
  const output = bundle[file];
  if (!output) throw new Error(`${file} is not in the bundle`);
  if (output.type === "chunk") return Buffer.from(output.code);
  return typeof output.source === "string" ? Buffer.from(output.source) : output.source;
}

/**
 * Prints each page's gzipped JavaScript after a build and fails the build when one is over budget
 * or when a route of web/app/router.tsx has no budget.
 * Only production builds are checked: with NODE_ENV set to anything else (vitest sets "test"),
 * React's development build is bundled and the sizes mean nothing.
 */
function routeBudgets(): Plugin {
  let isProduction = true;
  return {
    name: "campus-bazaar:route-budgets",
    apply: "build",
    configResolved(config) {
      isProduction = config.isProduction;
    },
    writeBundle(_options, bundle) {
      if (!isProduction) {
        this.warn(
          `JavaScript budgets not checked: not a production build (NODE_ENV=${process.env.NODE_ENV}).`,
        );
        return;
      }
      const routerSource = readFileSync(
        fileURLToPath(new URL("./web/app/router.tsx", import.meta.url)),
        "utf8",
      );
      const { withoutBudget, notInRouter } = uncoveredRoutes(routerSource);
      if (withoutBudget.length > 0 || notInRouter.length > 0) {
        this.error(
          `Route budgets (scripts/route-bundles.ts) out of step with web/app/router.tsx: ${[
            ...withoutBudget.map((route) => `${route} has no budget`),
            ...notInRouter.map((route) => `${route} is not a route`),
          ].join("; ")}.`,
        );
      }
      const manifest = Buffer.from(contentOf(bundle, ".vite/manifest.json")).toString("utf8");
      const sizes = measureRoutesOf(manifest, (file) => contentOf(bundle, file));
      this.info(`JavaScript per page:\n${sizes.map(describeRoute).join("\n")}`);
      const over = sizes.filter((size) => size.isOverBudget);
      if (over.length > 0) {
        this.error(
          `JavaScript budget exceeded: ${over
            .map((size) => `${size.route} is ${kb(size.gzipBytes)} KB gzipped, over its ${size.budgetKb} KB`)
            .join("; ")}. Load more of it on demand (the route's lazy in web/app/router.tsx) or trim it.`,
        );
      }
    },
  };
}

/**
 * Writes into index.html the chunks of the app's shell beyond the entry, and for each route the
 * chunks its own modules need beyond those (from the table of scripts/route-bundles.ts), as JSON.
 * The server turns the current page's share into modulepreload links of the page it sends
 * (server/plugins/page-preloads.ts); where the page comes from the service worker's copy instead,
 * web/route-preload.ts reads the JSON to fetch the page's code beside the app instead of after it.
 */
function routeChunks(): Plugin {
  let webRoot = "";
  return {
    name: "campus-bazaar:route-chunks",
    apply: "build",
    configResolved(config) {
      webRoot = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const filesOf = (load: string) => {
          const chunk = byModule.get(path.join(webRoot, load));
          if (!chunk) throw new Error(`No chunk for ${load}: update scripts/route-bundles.ts`);
          return withImports(chunk.fileName, new Set());
        };
        const entry = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, entry);
        const app = [...filesOf("app/app.tsx")].filter((file) => !entry.has(file));
        const shared = new Set([...entry, ...app]);
        const routes: Record<string, string[]> = {};
        for (const { route, loads } of ROUTE_BUDGETS) {
          const own = loads.filter((load) => load !== "app/app.tsx");
          if (route === "*" || own.length === 0) continue;
          const files = new Set(own.flatMap((load) => [...filesOf(load)]));
          routes[route] = [...files].filter((file) => !shared.has(file)).map((file) => path.basename(file));
        }
        const chunkTable: RouteChunks = { app: app.map((file) => path.basename(file)), routes };
        const json = JSON.stringify(chunkTable).replaceAll("<", "\\u003c");
        return html.replace(
          "</head>",
          `  <script type="application/json" id="route-chunks">${json}</script>\n  </head>`,
        );
      },
    },
  };
}

/**
 * The app's shell (web/app/app.tsx) and each page layout, with the pages drawn inside them, from the
 * page table of scripts/route-bundles.ts.
 */
function shellsOfRoutes(): Shell[] {
  return [
    {
      name: "app-shell",
      root: APP_MODULE,
      pages: [...new Set(ROUTE_BUDGETS.flatMap(({ loads }) => (loads.length > 1 ? loads.slice(-1) : [])))],
    },
    ...LAYOUT_MODULES.map((layout) => ({
      name: `${path.basename(layout, path.extname(layout))}-shell`,
      root: layout,
      // A layout's routes load the app, the layout, then the page.
      pages: ROUTE_BUDGETS.flatMap(({ loads }) => (loads.includes(layout) ? loads.slice(-1) : [])),
    })),
  ];
}

/**
 * Small modules several pages share join a shell's chunk (scripts/shell-chunks.ts): at most 6 KB
 * before minifying, imported by at least 5 pages. Measured on the build: /buy went from 32 files to 12
 * and from 124.2 to 121.5 KB gzipped, /messages from 25 files to 9; the pages that grew most are the
 * legal pages (by 6 KB, far under their budget) and /admin (by 1 KB).
 */
const SHARED_MODULE_MAX_BYTES = 6000;
const SHARED_MODULE_MIN_PAGES = 5;

/**
 * Modules a shell reaches only through a package's index, which its own code never uses: TanStack
 * Query's dehydrate and hydrate, used only by the offline persister (web/lib/offline-cache/), which
 * loads on demand. Left in the app's chunk they would weigh on every page, /signup included.
 */
const ON_DEMAND_ONLY = /[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js$/;

/**
 * Puts into one chunk per shell the modules that can only ever load with it (scripts/shell-chunks.ts),
 * instead of a dozen small shared chunks: fewer files, each compressed better. The groups are read
 * by the bundler after the module graph is complete, when buildEnd has filled them in.
 */
function shellChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const shells = shellsOfRoutes();
  let modules = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: "campus-bazaar:shell-chunks",
    apply: "build",
    buildEnd() {
      const root = this.environment.config.root;
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      modules = shellModules(
        {
          staticImports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
          dynamicImports: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
        },
        entries,
        shells.map((shell) => ({
          ...shell,
          root: path.join(root, shell.root),
          pages: shell.pages.map((page) => path.join(root, page)),
        })),
        {
          sizeOf: (id) => this.getModuleInfo(id)?.code?.length ?? Number.POSITIVE_INFINITY,
          maxBytes: SHARED_MODULE_MAX_BYTES,
          minPages: SHARED_MODULE_MIN_PAGES,
        },
      );
    },
  };
  const groups = shells.map(
    ({ name }, index): CodeSplittingGroup => ({
      name,
      test: (id) => (modules.get(name)?.has(id) ?? false) && !ON_DEMAND_ONLY.test(id),
      // The app's shell first: a module it holds is not a layout's.
      priority: shells.length - index,
      // What a shell's modules import from elsewhere stays where it is (e.g. React in the entry).
      includeDependenciesRecursively: false,
    }),
  );
  return { plugin, groups };
}
const shells = shellChunks();

/**
 * Leaves out of a lazily loaded chunk's preload list the chunks its importer has imported already:
 * they are in memory when the import runs, and each name costs every page that carries the list. A
 * page's dialog that reads the student layout's chunk (web/lib/format.ts) would otherwise name that
 * chunk and what it imports, which the page has loaded before it can open the dialog.
 */
function preloadOnlyWhatIsMissing() {
  const importsOf = new Map<string, readonly string[]>();
  const plugin: Plugin = {
    name: "campus-bazaar:preload-only-what-is-missing",
    apply: "build",
    // Runs before Vite writes the preload lists, on the same bundle.
    generateBundle(_options, bundle) {
      importsOf.clear();
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") importsOf.set(output.fileName, output.imports);
      }
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: "html" | "js" },
  ) => (hostType === "js" ? notYetLoaded((file) => importsOf.get(file) ?? [], hostId, deps) : deps);
  return { plugin, resolveDependencies };
}
const preloads = preloadOnlyWhatIsMissing();

/** Marks the ids of the browser's separate copy of zod/mini. */
const ZOD_MINI_COPY = "?zod-mini";

/**
 * Gives `zod/mini` (the live frames' schemas, shared/live-events.ts) its own copy of zod's modules in
 * the browser build. Full zod (the forms') and zod/mini share zod's core; in one bundle that core
 * becomes one chunk holding everything full zod uses, which a signed-in page would then download
 * (15.5 KB gzipped) as its live socket starts. On its own copy the bundler trims zod/mini's imports
 * to what the live schemas use (7.5 KB). A page that also validates a form loads both, once a
 * form is used; a schema of full zod may still hold one of zod/mini (shared/api/chats.ts holds the
 * live payloads), as both copies run the same core.
 */
function separateZodMini(): Plugin {
  return {
    name: "campus-bazaar:separate-zod-mini",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const fromCopy = importer?.endsWith(ZOD_MINI_COPY) ?? false;
      if (source !== "zod/mini" && !fromCopy) return null;
      const resolved = await this.resolve(source, importer?.replace(ZOD_MINI_COPY, ""), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || !/[\\/]node_modules[\\/]zod[\\/]/.test(resolved.id)) {
        return resolved;
      }
      return { ...resolved, id: `${resolved.id}${ZOD_MINI_COPY}` };
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Files worth compressing: text, over a kilobyte. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a .br and a .gz copy beside each built text file, compressed once at the highest levels;
 * the server sends them to browsers that accept them (preCompressed in server/plugins/spa.ts).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "campus-bazaar:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // The manifest under .vite/ is for the build tools, not served.
      const files = Object.keys(bundle).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite/"),
      );
      await Promise.all(
        files.map(async (file) => {
          const content = contentOf(bundle, file);
          if (content.length < MIN_COMPRESS_BYTES) return;
          await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await fs.writeFile(path.join(outDir, `${file}.br`), br);
          await fs.writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

/**
 * The web app manifest and the service worker (Workbox, generated at build): the shell and every
 * hashed asset precached, a page the network cannot bring answered with the shell (index.html), no
 * API answer cached (they are personal; only the public item and profile photos are kept), and a
 * new version waiting until the student reloads or comes back (web/pwa/register.ts shows 'A new version is available'). Pushes are shown by
 * web/public/push-sw.js, which the worker imports. The app registers the worker once it has drawn
 * its first page (web/app/app.tsx), in a chunk of its own, so first paint pays nothing for it.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    registerType: "prompt",
    filename: "sw.js",
    manifestFilename: "manifest.webmanifest",
    includeManifestIcons: true,
    manifest: {
      id: "/dashboard",
      name: "Campus Bazaar",
      short_name: "Campus Bazaar",
      description: "Buy and sell second-hand items, join campus events and find teammates at your college.",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#4338ca",
      background_color: "#f8fafc",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      // Compressed copies are the server's business, not the cache's.
      globIgnores: ["**/*.br", "**/*.gz", ".vite/**"],
      // Pages come from the server while it answers (its 404s, the landing page's own HTML);
      // when the network cannot bring one (offline), the precached shell (index.html) draws
      // the page. API answers are personal: nothing of /api is ever cached.
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/index.html" } },
        },
        // Item and profile photos are no personal answer: public, the same for everyone and never
        // changed (the server marks them immutable). Kept a week, so the item pages kept for
        // offline reading (web/lib/offline-cache/) show theirs; sign-out empties this cache too.
        // Chat photos (/api/files/chats/) are personal and, like every other API answer, never kept.
        {
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin &&
            request.destination === "image" &&
            /^\/api\/files\/(images|profiles)\//.test(url.pathname),
          handler: "CacheFirst",
          options: {
            cacheName: PHOTO_CACHE,
            expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
            // 0: a photo the bucket serves after the server's redirect (S3 storage) arrives opaque.
            cacheableResponse: { statuses: [0, 200] },
          },
        },
      ],
      importScripts: ["/push-sw.js"],
      cleanupOutdatedCaches: true,
      // A first install takes the open page at once (it runs the same build), so what the page opens
      // next is served offline; an update still waits for the student (skipWaiting: false).
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

/**
 * The favicon written into each page as a data: URL, read from web/public/favicon.svg (still served
 * for whoever asks for it): one request fewer before a page's first paint (docs/decisions/038).
 */
function inlineFavicon(): Plugin {
  const link = 'href="/favicon.svg"';
  return {
    name: "campus-bazaar:inline-favicon",
    transformIndexHtml(html) {
      const svg = readFileSync(fileURLToPath(new URL("./web/public/favicon.svg", import.meta.url)), "utf8");
      const inlined = html.replace(link, () => `href="data:image/svg+xml,${encodeURIComponent(svg.trim())}"`);
      if (inlined === html) throw new Error(`web/index.html has no ${link}`);
      return inlined;
    },
  };
}

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    separateZodMini(),
    react(),
    tailwindcss(),
    inlineFavicon(),
    shells.plugin,
    preloads.plugin,
    routeChunks(),
    landingPageHtml(),
    routeBudgets(),
    precompress(),
    installableApp(),
  ],
  resolve: {
    alias: [
      { find: "@shared", replacement: fileURLToPath(new URL("./shared", import.meta.url)) },
      // zod as the browser needs it: without compiled parsers (web/app/zod-jitless.ts).
      // React Router's build without its development warnings (its package sends browsers that one).
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
        ),
      },
      { find: /^zod$/, replacement: fileURLToPath(new URL("./web/app/zod-jitless.ts", import.meta.url)) },
    ],
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Read by the budget check above and by bench/frontend.ts.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: { output: { codeSplitting: { groups: shells.groups } } },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
});
