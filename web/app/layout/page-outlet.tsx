import { createContext, Suspense, useContext } from "react";
import { Outlet, type RouteObject, useLocation } from "react-router";
import { PageLoading } from "../../components/ui/page-loading";
import { appRouteMatches } from "../route-matches";

/** The app's routes (with ids where they have no path), given by router.tsx. */
export const AppRoutesContext = createContext<RouteObject[]>([]);

/** Ids of the routes whose element draws a PageOutlet. */
export const OUTLET_ROUTE_IDS = {
  root: "root",
  studentLayout: "student-layout",
  adminLayout: "admin-layout",
};

/**
 * What route `routeId` draws below it. Each page's code is loaded on demand (router.tsx); while the
 * code of the page opened in this outlet is on its way, a loading notice stands in for it, so that
 * nobody types into the page being left. A layout's outlet keeps the layout's bar in place around
 * the notice. The boundary is keyed by the route drawn below: opening another route starts a new
 * one, whose notice shows at once, while moving within a route (/profile/a to /profile/b) keeps it.
 */
export function PageOutlet({ routeId }: { routeId: string }) {
  const routes = useContext(AppRoutesContext);
  const matches = appRouteMatches(routes, useLocation().pathname);
  const depth = matches.findIndex((match) => match.route.id === routeId);
  const next = matches[depth + 1]?.route;
  return (
    <Suspense key={next?.id ?? next?.path} fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
