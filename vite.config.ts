import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { describeRoute, kb, measureRoutesOf, uncoveredRoutes } from "./scripts/route-bundles.ts";

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

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), routeBudgets(), precompress()],
  resolve: {
    alias: [
      { find: "@shared", replacement: fileURLToPath(new URL("./shared", import.meta.url)) },
      // zod as the browser needs it: without compiled parsers (web/app/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL("./web/app/zod-jitless.ts", import.meta.url)) },
    ],
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Read by the budget check above and by bench/frontend.ts.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
});
