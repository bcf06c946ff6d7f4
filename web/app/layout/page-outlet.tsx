import { createContext, useContext } from "react";
import { type DataRouteObject, matchRoutes, Outlet, useMatches, useNavigation } from "react-router";
import { PageLoading } from "../../components/ui/page-loading";

/** The app's routes as the router holds them (with their ids), given by router.tsx. */
export const AppRoutesContext = createContext<DataRouteObject[]>([]);

/** Ids of the routes whose element draws a PageOutlet. */
export const OUTLET_ROUTE_IDS = {
  root: "root",
  studentLayout: "student-layout",
  adminLayout: "admin-layout",
};

/**
 * What route `routeId` draws below it. React Router loads each page's code on demand (router.tsx)
 * and keeps the page being left on screen meanwhile; while the code of another page for this
 * outlet is on its way, a loading notice stands in for it instead, so that nobody types into a
 * page that is about to go. A layout's outlet keeps the layout's bar in place around the notice.
 */
export function PageOutlet({ routeId }: { routeId: string }) {
  const routes = useContext(AppRoutesContext);
  const navigation = useNavigation();
  const matches = useMatches();
  const depth = matches.findIndex((match) => match.id === routeId);
  const next = navigation.state === "loading" ? matchRoutes(routes, navigation.location) : null;
  const isOpeningAnotherPage = next !== null && next[depth + 1]?.route.id !== matches[depth + 1]?.id;
  return isOpeningAnotherPage ? <PageLoading /> : <Outlet />;
}
