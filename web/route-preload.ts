/*
 * Starts the download of the current page's own code at once, beside React and the app, instead
 * of after them: the build writes into index.html, for each route of the router, the chunks its
 * layout and page need beyond the app (vite.config.ts, from scripts/route-bundles.ts). The router
 * then finds them already on their way when it loads the route (app/router.tsx, app/on-demand.tsx).
 */

/** Whether a route's path ("/item/:itemId") matches this address's path. */
export function matchesPath(route: string, pathname: string): boolean {
  const routeParts = route.split("/");
  const parts = pathname.replace(/\/+$/, "").split("/");
  if (route === "/") return pathname === "/";
  return (
    routeParts.length === parts.length &&
    routeParts.every((part, i) => (part.startsWith(":") ? (parts[i] ?? "") !== "" : part === parts[i]))
  );
}

export function preloadRouteChunks(pathname: string): void {
  const data = document.getElementById("route-chunks")?.textContent;
  if (!data) return;
  const chunks = JSON.parse(data) as Record<string, string[]>;
  const route = Object.keys(chunks).find((candidate) => matchesPath(candidate, pathname));
  for (const file of route ? (chunks[route] ?? []) : []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `/assets/${file}`;
    document.head.append(link);
  }
}
