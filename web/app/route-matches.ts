import { matchRoutes, type RouteMatch, type RouteObject } from "react-router";

let last: { routes: RouteObject[]; pathname: string; matches: RouteMatch[] } | undefined;

/**
 * The routes `pathname` matches, worked out once per address. React Router flattens and ranks the
 * whole route table on every call; the app asks for the same address's matches from several
 * places (the first code to load, each PageOutlet, the preloads after a navigation), which on a
 * slow phone cost tens of milliseconds each as the page first appears.
 */
export function appRouteMatches(routes: RouteObject[], pathname: string): RouteMatch[] {
  if (last?.routes === routes && last.pathname === pathname) return last.matches;
  const matches = matchRoutes(routes, pathname) ?? [];
  last = { routes, pathname, matches };
  return matches;
}
