import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, useParams } from "react-router";
// The DOM RouterProvider supports navigate(..., { flushSync }), which sign-out relies on.
import { RouterProvider } from "react-router/dom";
import { PageLoading } from "../components/ui/page-loading";
import { AppRoutesContext, OUTLET_ROUTE_IDS, PageOutlet } from "./layout/page-outlet";
import { NotFoundRoute } from "./not-found-page";
import { RouteErrorPage } from "./route-error-page";
import { AdminRoute, PublicOnlyRoute, StudentRoute } from "./route-guards";

/** Follower lists of the old app link to /user/{id}; the profile lives at /profile/{id}. */
function UserProfileRedirect() {
  const { id = "" } = useParams();
  return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
}

/**
 * A route whose component is fetched on demand. React Router starts the download as soon as the
 * address matches (on the first load too, while the session is still being asked for) and draws
 * the route once it has arrived; a failed download shows the route's error page.
 */
function onDemand<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const router = createBrowserRouter([
  {
    id: OUTLET_ROUTE_IDS.root,
    element: <PageOutlet routeId={OUTLET_ROUTE_IDS.root} />,
    errorElement: <RouteErrorPage />,
    // Drawn while the first page's code is on its way.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: "/",
        lazy: onDemand(
          () => import("./landing-route"),
          (m) => m.RoutedLandingPage,
        ),
      },
      {
        path: "/privacy-policy",
        lazy: onDemand(
          () => import("../features/legal/privacy-policy-page"),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: "/terms-of-use",
        lazy: onDemand(
          () => import("../features/legal/terms-of-use-page"),
          (m) => m.TermsOfUsePage,
        ),
      },
      // Mail links work whether or not the reader is signed in.
      {
        path: "/forgot-password",
        lazy: onDemand(
          () => import("../features/auth/components/forgot-password-page"),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: "/reset-password",
        lazy: onDemand(
          () => import("../features/auth/components/reset-password-page"),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: "/verify-email",
        lazy: onDemand(
          () => import("../features/auth/components/verify-email-page"),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        element: <PublicOnlyRoute />,
        children: [
          {
            path: "/login",
            lazy: onDemand(
              () => import("../features/auth/components/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "/signup",
            lazy: onDemand(
              () => import("../features/auth/components/signup-page"),
              (m) => m.SignupPage,
            ),
          },
        ],
      },
      {
        element: <StudentRoute />,
        children: [
          {
            id: OUTLET_ROUTE_IDS.studentLayout,
            lazy: onDemand(
              () => import("./layout/student-layout"),
              (m) => m.StudentLayout,
            ),
            children: [
              {
                path: "/dashboard",
                lazy: onDemand(
                  () => import("./dashboard-route"),
                  (m) => m.RoutedDashboardPage,
                ),
              },
              {
                path: "/vault",
                lazy: onDemand(
                  () => import("../features/vault/components/vault-page"),
                  (m) => m.VaultPage,
                ),
              },
              {
                path: "/sell",
                lazy: onDemand(
                  () => import("../features/items/components/sell-page"),
                  (m) => m.SellPage,
                ),
              },
              {
                path: "/buy",
                lazy: onDemand(
                  () => import("../features/items/components/browse-page"),
                  (m) => m.BrowsePage,
                ),
              },
              {
                path: "/item/:itemId",
                lazy: onDemand(
                  () => import("../features/items/components/item-detail-page"),
                  (m) => m.ItemDetailPage,
                ),
              },
              {
                path: "/messages",
                lazy: onDemand(
                  () => import("../features/chats/components/messages-page"),
                  (m) => m.MessagesPage,
                ),
              },
              {
                path: "/notifications",
                lazy: onDemand(
                  () => import("../features/notifications/components/notifications-page"),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: "/profile",
                lazy: onDemand(
                  () => import("../features/profiles/components/own-profile-page"),
                  (m) => m.OwnProfilePage,
                ),
              },
              {
                path: "/profile/:userId",
                lazy: onDemand(
                  () => import("../features/profiles/components/public-profile-page"),
                  (m) => m.PublicProfilePage,
                ),
              },
              {
                path: "/settings",
                lazy: onDemand(
                  () => import("../features/settings/components/settings-page"),
                  (m) => m.SettingsPage,
                ),
              },
              {
                path: "/events",
                lazy: onDemand(
                  () => import("../features/events/components/events-page"),
                  (m) => m.EventsPage,
                ),
              },
              {
                path: "/teammates",
                lazy: onDemand(
                  () => import("../features/recruitment/components/teammates-page"),
                  (m) => m.TeammatesPage,
                ),
              },
            ],
          },
        ],
      },
      {
        element: <AdminRoute />,
        children: [
          {
            id: OUTLET_ROUTE_IDS.adminLayout,
            lazy: onDemand(
              () => import("./layout/admin-layout"),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                path: "/admin",
                lazy: onDemand(
                  () => import("../features/admin/components/admin-page"),
                  (m) => m.AdminPage,
                ),
              },
            ],
          },
        ],
      },
      { path: "/user/:id", element: <UserProfileRedirect /> },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return (
    <AppRoutesContext value={router.routes}>
      <RouterProvider router={router} />
    </AppRoutesContext>
  );
}
