import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { describeRoute, kb, measureRoutes } from "./scripts/route-bundles";

/** Prints each page's gzipped JavaScript after a build and fails the build when one is over budget. */
function routeBudgets(): Plugin {
  let outDir = "";
  return {
    name: "campus-bazaar:route-budgets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const sizes = measureRoutes(outDir);
      this.info(`JavaScript per page:\n${sizes.map(describeRoute).join("\n")}`);
      const over = sizes.filter((size) => size.isOverBudget);
      if (over.length > 0) {
        this.error(
          `JavaScript budget exceeded: ${over
            .map((size) => `${size.route} is ${kb(size.gzipBytes)} KB gzipped, over its ${size.budgetKb} KB`)
            .join("; ")}. Load more of it on demand (web/app/lazy-pages.ts) or trim it.`,
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
          const content = await fs.readFile(path.join(outDir, file));
          if (content.length < MIN_COMPRESS_BYTES) return;
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
    alias: { "@shared": fileURLToPath(new URL("./shared", import.meta.url)) },
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Read by the budget check above and by bench/frontend.ts.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
});
