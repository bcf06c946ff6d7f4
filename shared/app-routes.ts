/** The pages drawn in the student layout (web/app/router.tsx), each showing the bars' unread counts. */
export const STUDENT_LAYOUT_PATTERNS = [
  "/dashboard",
  "/vault",
  "/sell",
  "/buy",
  "/item/:itemId",
  "/favourites",
  "/saved-searches",
  "/messages",
  "/notifications",
  "/profile",
  "/profile/:userId",
  "/settings",
  "/events",
  "/teammates",
] as const;

/**
 * Every address the web app draws a page for: the route patterns of web/app/router.tsx (a test,
 * web/app/app-routes.test.ts, keeps the two lists equal). The server sends the app with 200 for
 * these and with 404 for any other address, where the app shows its 'Page not found' page.
 * Zod-free, so both the server and the browser can read it for nothing.
 */
export const APP_ROUTE_PATTERNS = [
  "/",
  "/privacy-policy",
  "/terms-of-use",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/appeal",
  "/login",
  "/signup",
  ...STUDENT_LAYOUT_PATTERNS,
  "/admin",
  "/user/:id",
  // An event's public page: HTML of its own for a signed-out visitor, the Events page otherwise.
  "/events/:eventId",
] as const;

/** The path's segments, without empty ones (so a trailing slash matches as the router does). */
function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/**
 * Whether `pattern` (segments, ':name' for one non-empty segment) matches `pathname`, ignoring case
 * as the browser's router does.
 */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) => segment.startsWith(":") || segment === given[index]?.toLowerCase())
  );
}

/** Whether the app has a page at this path (no query string), e.g. '/item/42' but not '/items'. */
export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PATTERNS.some((pattern) => matchesRoutePattern(pattern, pathname));
}

/**
 * The build's table of each page's JavaScript chunks, written into index.html as JSON
 * (vite.config.ts): the app shell's chunks beyond the entry, and each route's own beyond those.
 */
export interface RouteChunks {
  app: string[];
  routes: Record<string, string[]>;
}

/** The chunks of the route whose pattern matches `pathname` (none for an unknown address). */
export function routeChunksOf(table: RouteChunks, pathname: string): string[] {
  const route = Object.keys(table.routes).find((pattern) => matchesRoutePattern(pattern, pathname));
  return route ? (table.routes[route] ?? []) : [];
}

/** The id of the JSON element in which the server writes the page's session into each page. */
export const SESSION_ELEMENT_ID = "session";

/**
 * Marks the first screen the server draws into a page's #root (web/app/first-screen.tsx), which the
 * app replaces with its own first render.
 */
export const FIRST_SCREEN_ATTRIBUTE = "data-first-screen";

/** The pages whose first screen the server draws for a signed-in student. */
export const FIRST_SCREEN_PAGES = ["/buy"] as const;
export type FirstScreenPage = (typeof FIRST_SCREEN_PAGES)[number];

export function isFirstScreenPage(pathname: string): pathname is FirstScreenPage {
  return (FIRST_SCREEN_PAGES as readonly string[]).includes(pathname);
}

/**
 * The landing page drawn for a visitor, which the build writes beside landing.html and the server
 * sends for / to a request without a session cookie (web/features/landing/static-landing.tsx).
 */
export const SIGNED_OUT_LANDING_FILE = "landing-signed-out.html";
