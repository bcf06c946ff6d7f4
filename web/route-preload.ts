/*
 * Starts the download of the current page's own code at once, beside React and the app, instead
 * of after them, when the page came without the links that do so: the server writes them into each
 * page it sends (server/plugins/page-preloads.ts), but offline the service worker draws the page
 * from its copy of index.html, which carries only the build's table of every route's chunks
 * (vite.config.ts). The router then finds them already on their way when it loads the route
 * (app/router.tsx, app/on-demand.tsx).
 */
import { type RouteChunks, routeChunksOf } from "@shared/app-routes";

export function preloadRouteChunks(pathname: string): void {
  const data = document.getElementById("route-chunks")?.textContent;
  if (!data) return;
  for (const file of routeChunksOf(JSON.parse(data) as RouteChunks, pathname)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `/assets/${file}`;
    document.head.append(link);
  }
}
