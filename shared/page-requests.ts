import { matchesRoutePattern, STUDENT_LAYOUT_PATTERNS } from "./app-routes";
import { browseApiPath, parseBrowseFilters } from "./browse-filters";

/** The bars' unread counts, which every page of the student layout asks for as it opens. */
export const UNREAD_COUNTS_PATH = "/api/notifications/counts";
/** The list of chats on /messages. */
export const CHAT_LIST_PATH = "/api/chats";

/**
 * The API requests a page makes as soon as it opens, which the server answers inside the page it
 * sends (server/plugins/spa.ts) so the page draws complete at once, without a round trip after its
 * code has run. The browser asks for the same paths (their query options use these functions), and
 * takes a written answer in place of the request (web/lib/page-responses.ts).
 */
export function pageRequests(
  pathname: string,
  search: URLSearchParams,
  viewer: { role: string; college: string; city: string; collegePending: boolean },
): string[] {
  if (viewer.role !== "student") return [];
  if (!STUDENT_LAYOUT_PATTERNS.some((pattern) => matchesRoutePattern(pattern, pathname))) return [];
  const requests = [UNREAD_COUNTS_PATH];
  if (matchesRoutePattern("/buy", pathname)) {
    const defaultCity = viewer.collegePending ? viewer.city : "";
    requests.push(browseApiPath(parseBrowseFilters(search, viewer.college, defaultCity)));
  }
  if (matchesRoutePattern("/messages", pathname)) requests.push(CHAT_LIST_PATH);
  return requests;
}
