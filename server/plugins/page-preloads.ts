import fs from "node:fs/promises";
import { type RouteChunks, routeChunksOf } from "@shared/app-routes";

/** The build's table of every page's chunks in index.html (vite.config.ts). */
const ROUTE_CHUNKS = /\s*<script type="application\/json" id="route-chunks">(.*?)<\/script>/s;
/**
 * The web app manifest's link: the app's pages leave it out and web/pwa/register.ts adds it once the
 * first page has been drawn, so that the manifest and its icons are not fetched before first paint.
 */
const MANIFEST_LINK = /<link rel="manifest"[^>]*>/;

export interface IndexPage {
  /** index.html as the build wrote it. */
  html: string;
  /**
   * The page for one address: the table of every page's chunks becomes modulepreload links for
   * this page's own (the app shell's and its route's), so the browser fetches them with the entry
   * as soon as it reads the head, instead of once the entry has run; the manifest's link goes. A
   * build without the table gives its page as it is.
   */
  withPreloads(pathname: string): string;
}

function readIndexPage(html: string): IndexPage {
  const found = ROUTE_CHUNKS.exec(html);
  if (!found?.[1]) return { html, withPreloads: () => html };
  const table = JSON.parse(found[1]) as RouteChunks;
  const withoutTable = html.replace(found[0], () => "").replace(MANIFEST_LINK, "");
  return {
    html,
    withPreloads(pathname) {
      const links = [...table.app, ...routeChunksOf(table, pathname)]
        .map((file) => `<link rel="modulepreload" crossorigin href="/assets/${encodeURI(file)}">`)
        .join("\n    ");
      return withoutTable.replace("</head>", () => `  ${links}\n  </head>`);
    },
  };
}

/**
 * Reads index.html and its table once, and again only when the file changes: a rebuild is served
 * without a restart, and a page request costs a stat instead of a read and a parse.
 */
export function indexPageReader(file: string): () => Promise<IndexPage> {
  let kept: { modifiedAt: number; page: IndexPage } | undefined;
  return async () => {
    const { mtimeMs } = await fs.stat(file);
    if (kept?.modifiedAt !== mtimeMs) {
      kept = { modifiedAt: mtimeMs, page: readIndexPage(await fs.readFile(file, "utf8")) };
    }
    return kept.page;
  };
}
