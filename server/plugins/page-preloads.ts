import { type RouteChunks, routeChunksOf } from "@shared/app-routes";

/** The build's table of every page's chunks in index.html (vite.config.ts). */
const ROUTE_CHUNKS = /\s*<script type="application\/json" id="route-chunks">(.*?)<\/script>/s;

/**
 * The app's index.html for one address: the table of every page's chunks becomes modulepreload
 * links for this page's own (the app shell's and its route's), so the browser fetches them with
 * the entry as soon as it reads the head, instead of once the entry has run. A page without the
 * table (an older build) is sent as it is.
 */
export function withPagePreloads(html: string, pathname: string): string {
  const found = ROUTE_CHUNKS.exec(html);
  if (!found?.[1]) return html;
  const table = JSON.parse(found[1]) as RouteChunks;
  const links = [...table.app, ...routeChunksOf(table, pathname)]
    .map((file) => `<link rel="modulepreload" crossorigin href="/assets/${encodeURI(file)}">`)
    .join("\n    ");
  return html.replace(found[0], () => "").replace("</head>", () => `  ${links}\n  </head>`);
}
