import { Suspense } from "react";
import { createBrowserRouter, Link, Navigate, Outlet, useParams } from "react-router";
// The DOM RouterProvider supports navigate(..., { flushSync }), which sign-out relies on.
import { RouterProvider } from "react-router/dom";
import { PageLoading } from "../components/ui/page-loading";
import { LandingLinkContext } from "../features/landing/landing-link";
import { LandingPage } from "../features/landing/landing-page";
import { useSession } from "../lib/session";
import { AdminLayout } from "./layout/admin-layout";
import { StudentLayout } from "./layout/student-layout";
import {
  AdminPage,
  BrowsePage,
  DashboardPage,
  EventsPage,
  ForgotPasswordPage,
  ItemDetailPage,
  LoginPage,
  MessagesPage,
  NotificationsPage,
  OwnProfilePage,
  PrivacyPolicyPage,
  PublicProfilePage,
  ResetPasswordPage,
  SellPage,
  SettingsPage,
  SignupPage,
  SupportTicketButtons,
  TeammatesPage,
  TermsOfUsePage,
  VaultPage,
  VerifyEmailPage,
} from "./lazy-pages";
import { NotFoundPage } from "./not-found-page";
import { RouteErrorPage } from "./route-error-page";
import { AdminRoute, PublicOnlyRoute, StudentRoute } from "./route-guards";

/** Follower lists of the old app link to /user/{id}; the profile lives at /profile/{id}. */
function UserProfileRedirect() {
  const { id = "" } = useParams();
  return <Navigate to={`/profile/${encodeURIComponent(id)}`} replace />;
}

/** Inside the app the landing page shares the session cache and moves on without a reload. */
function RoutedLandingPage() {
  return (
    <LandingLinkContext value={Link}>
      <LandingPage session={useSession()} />
    </LandingLinkContext>
  );
}

function RootLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: "/", element: <RoutedLandingPage /> },
      { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "/terms-of-use", element: <TermsOfUsePage /> },
      // Mail links work whether or not the reader is signed in.
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/verify-email", element: <VerifyEmailPage /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: "/login", element: <LoginPage /> },
          { path: "/signup", element: <SignupPage /> },
        ],
      },
      {
        element: <StudentRoute />,
        children: [
          {
            element: <StudentLayout />,
            children: [
              { path: "/dashboard", element: <DashboardPage supportActions={<SupportTicketButtons />} /> },
              { path: "/vault", element: <VaultPage /> },
              { path: "/sell", element: <SellPage /> },
              { path: "/buy", element: <BrowsePage /> },
              { path: "/item/:itemId", element: <ItemDetailPage /> },
              { path: "/messages", element: <MessagesPage /> },
              { path: "/notifications", element: <NotificationsPage /> },
              { path: "/profile", element: <OwnProfilePage /> },
              { path: "/profile/:userId", element: <PublicProfilePage /> },
              { path: "/settings", element: <SettingsPage /> },
              { path: "/events", element: <EventsPage /> },
              { path: "/teammates", element: <TeammatesPage /> },
            ],
          },
        ],
      },
      {
        element: <AdminRoute />,
        children: [{ element: <AdminLayout />, children: [{ path: "/admin", element: <AdminPage /> }] }],
      },
      { path: "/user/:id", element: <UserProfileRedirect /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
