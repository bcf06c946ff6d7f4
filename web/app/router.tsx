import { startTransition, useEffect, useState } from "react";
import { BrowserRouter, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import { PageLoading } from "../components/ui/page-loading";
import { importWhenOnline } from "../lib/import-when-online";
import { offlineCacheRestored } from "../lib/session";
import { soonWhenIdle } from "../lib/when-idle";
import { AppRoutesContext, OUTLET_ROUTE_IDS, PageOutlet } from "./layout/page-outlet";
import { isOnDemandHandle, onDemand } from "./on-demand";
import { RouteErrorBoundary } from "./route-error-page";
import { AdminRoute, PublicOnlyRoute, StudentRoute } from "./route-guards";
import { appRouteMatches } from "./route-matches";

/** Follower lists of the old app link to /user/{id}; the profile lives at /profile/{id}. */
function UserProfileRedirect() {
  const { id = "" } = useParams();
  return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
}

/**
 * An event's public page (a shared link): a signed-out visitor gets the server's own HTML of it;
 * in the app it is the event's card on the Events page.
 */
function EventLinkRedirect() {
  const { eventId = "" } = useParams();
  return <Navigate to={`/events?event=${encodeURIComponent(eventId)}`} replace />;
}

/** The app's pages; every path needs a budget in scripts/route-bundles.ts. */
const routes: RouteObject[] = [
  {
    id: OUTLET_ROUTE_IDS.root,
    element: <PageOutlet routeId={OUTLET_ROUTE_IDS.root} />,
    children: [
      {
        path: "/",
        ...onDemand(
          () => import("./landing-route"),
          (m) => m.RoutedLandingPage,
        ),
      },
      {
        path: "/privacy-policy",
        ...onDemand(
          () => import("../features/legal/privacy-policy-page"),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: "/terms-of-use",
        ...onDemand(
          () => import("../features/legal/terms-of-use-page"),
          (m) => m.TermsOfUsePage,
        ),
      },
      // Mail links work whether or not the reader is signed in.
      {
        path: "/forgot-password",
        ...onDemand(
          () => import("../features/auth/components/forgot-password-page"),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: "/reset-password",
        ...onDemand(
          () => import("../features/auth/components/reset-password-page"),
          (m) => m.ResetPasswordPage,
        ),
      },
      // A suspended student cannot sign in: the appeal works without a session.
      {
        path: "/appeal",
        ...onDemand(
          () => import("../features/auth/components/appeal-page"),
          (m) => m.AppealPage,
        ),
      },
      {
        path: "/verify-email",
        ...onDemand(
          () => import("../features/auth/components/verify-email-page"),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        id: "public-only",
        element: <PublicOnlyRoute />,
        children: [
          {
            path: "/login",
            ...onDemand(
              () => import("../features/auth/components/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "/signup",
            ...onDemand(
              () => import("../features/auth/components/signup-page"),
              (m) => m.SignupPage,
            ),
          },
        ],
      },
      {
        id: "student",
        element: <StudentRoute />,
        children: [
          {
            id: OUTLET_ROUTE_IDS.studentLayout,
            ...onDemand(
              () => import("./layout/student-layout"),
              (m) => m.StudentLayout,
            ),
            children: [
              {
                path: "/dashboard",
                ...onDemand(
                  () => import("./dashboard-route"),
                  (m) => m.RoutedDashboardPage,
                ),
              },
              {
                path: "/vault",
                ...onDemand(
                  () => import("../features/vault/components/vault-page"),
                  (m) => m.VaultPage,
                ),
              },
              {
                path: "/sell",
                ...onDemand(
                  () => import("../features/items/components/sell-page"),
                  (m) => m.SellPage,
                ),
              },
              {
                path: "/buy",
                ...onDemand(
                  () => import("../features/items/components/browse-page"),
                  (m) => m.BrowsePage,
                ),
              },
              {
                path: "/item/:itemId",
                ...onDemand(
                  () => import("../features/items/components/item-detail-page"),
                  (m) => m.ItemDetailPage,
                ),
              },
              {
                path: "/saved-searches",
                ...onDemand(
                  () => import("../features/items/saved-searches/saved-searches-page"),
                  (m) => m.SavedSearchesPage,
                ),
              },
              {
                path: "/favourites",
                ...onDemand(
                  () => import("../features/items/components/favourites-page"),
                  (m) => m.FavouritesPage,
                ),
              },
              {
                path: "/messages",
                ...onDemand(
                  () => import("../features/chats/components/messages-page"),
                  (m) => m.MessagesPage,
                ),
              },
              {
                path: "/notifications",
                ...onDemand(
                  () => import("../features/notifications/components/notifications-page"),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: "/profile",
                ...onDemand(
                  () => import("../features/profiles/components/own-profile-page"),
                  (m) => m.OwnProfilePage,
                ),
              },
              {
                path: "/profile/:userId",
                ...onDemand(
                  () => import("../features/profiles/components/public-profile-page"),
                  (m) => m.PublicProfilePage,
                ),
              },
              {
                path: "/settings",
                ...onDemand(
                  () => import("../features/settings/components/settings-page"),
                  (m) => m.SettingsPage,
                ),
              },
              {
                path: "/events",
                ...onDemand(
                  () => import("../features/events/components/events-page"),
                  (m) => m.EventsPage,
                ),
              },
              {
                path: "/teammates",
                ...onDemand(
                  () => import("../features/recruitment/components/teammates-page"),
                  (m) => m.TeammatesPage,
                ),
              },
            ],
          },
        ],
      },
      {
        id: "admin",
        element: <AdminRoute />,
        children: [
          {
            id: OUTLET_ROUTE_IDS.adminLayout,
            ...onDemand(
              () => import("./layout/admin-layout"),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                path: "/admin",
                ...onDemand(
                  () => import("../features/admin/components/admin-page"),
                  (m) => m.AdminPage,
                ),
              },
            ],
          },
        ],
      },
      { path: "/user/:id", element: <UserProfileRedirect /> },
      { path: "/events/:eventId", element: <EventLinkRedirect /> },
      {
        path: "*",
        ...onDemand(
          () => import("./not-found-page"),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];

/**
 * Draws the route of the address, with the error page in place of a page that fails to draw or
 * whose code fails to load. The code of every route the address matches (a layout and its page) is
 * requested at once, rather than each once its parent has been drawn: on a first load, while the
 * session is still being asked for (web/route-preload.ts has already started the same downloads).
 */
/**
 * The code of the routes the app opens at (a layout and its page), requested as soon as this module
 * runs (web/route-preload.ts has already fetched the files), beside the session (providers.tsx).
 * Until it has arrived, or failed to (the error page then shows), the app shows one loading notice
 * rather than drawing routes that would suspend: once a Suspense boundary has shown its notice,
 * React holds the page back for a further 300 ms after its code arrives. Later navigations show
 * their outlet's notice (PageOutlet).
 */
let firstCodeIn = false;
const firstCode = Promise.allSettled(
  appRouteMatches(routes, window.location.pathname).map(({ route }) =>
    isOnDemandHandle(route.handle) ? route.handle.preload() : undefined,
  ),
).then(() => {
  firstCodeIn = true;
});

/**
 * Settles once the first page can be drawn without a loading notice: its code is in, and what the
 * device kept for offline use is back. web/main.tsx waits for it before replacing the first screen
 * the server drew (app/first-screen.tsx).
 */
export function firstPageReady(): Promise<unknown> {
  return Promise.all([firstCode, offlineCacheRestored()]);
}

export function RoutedPages({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const [codeIn, setCodeIn] = useState(firstCodeIn);
  useEffect(() => {
    // In a transition, like the first render (web/main.tsx): React draws the page in slices between
    // which the phone stays responsive, not in one long task as soon as the code is in.
    // Offline, also what the device kept (lib/session.tsx): the page then draws with it at once.
    if (!codeIn) {
      void firstPageReady().then(() => startTransition(() => setCodeIn(true)));
    }
    // The service worker, install offer and update notice, in a chunk of their own, a while after the
    // first page itself has been drawn (not its loading notice); offline by then, once it is back.
    else if (import.meta.env.PROD) {
      soonWhenIdle(() => void importWhenOnline(() => import("../pwa/register")).catch(() => {}));
    }
  }, [codeIn]);
  useEffect(() => {
    for (const { route } of appRouteMatches(routes, location.pathname)) {
      if (isOnDemandHandle(route.handle)) void route.handle.preload().catch(() => {});
    }
  }, [routes, location.pathname]);
  const page = useRoutes(routes, location);
  if (!codeIn) return <PageLoading />;
  return (
    <AppRoutesContext value={routes}>
      <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>
    </AppRoutesContext>
  );
}

export function AppRouter() {
  return (
    // Without transitions a navigation is drawn at once: sign-out relies on flushSync (logout.ts),
    // and a page whose code is still on its way shows its outlet's loading notice meanwhile.
    <BrowserRouter useTransitions={false}>
      <RoutedPages routes={routes} />
    </BrowserRouter>
  );
}
