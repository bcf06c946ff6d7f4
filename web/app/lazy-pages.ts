import { lazy } from "react";

/*
 * Everything but the landing page is loaded on demand, so a first visit to / downloads only
 * what the landing page needs.
 */

const loadLoginPage = () => import("../features/auth/components/login-page");
export const LoginPage = lazy(() => loadLoginPage().then((m) => ({ default: m.LoginPage })));
const loadSignupPage = () => import("../features/auth/components/signup-page");
export const SignupPage = lazy(() => loadSignupPage().then((m) => ({ default: m.SignupPage })));
export const ForgotPasswordPage = lazy(() =>
  import("../features/auth/components/forgot-password-page").then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import("../features/auth/components/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import("../features/auth/components/verify-email-page").then((m) => ({ default: m.VerifyEmailPage })),
);
const loadDashboardPage = () => import("../features/dashboard/components/dashboard-page");
export const DashboardPage = lazy(() => loadDashboardPage().then((m) => ({ default: m.DashboardPage })));
export const SupportTicketButtons = lazy(() =>
  import("../features/tickets/components/support-ticket-buttons").then((m) => ({
    default: m.SupportTicketButtons,
  })),
);
const loadSellPage = () => import("../features/items/components/sell-page");
export const SellPage = lazy(() => loadSellPage().then((m) => ({ default: m.SellPage })));
const loadBrowsePage = () => import("../features/items/components/browse-page");
export const BrowsePage = lazy(() => loadBrowsePage().then((m) => ({ default: m.BrowsePage })));
export const ItemDetailPage = lazy(() =>
  import("../features/items/components/item-detail-page").then((m) => ({ default: m.ItemDetailPage })),
);
export const VaultPage = lazy(() =>
  import("../features/vault/components/vault-page").then((m) => ({ default: m.VaultPage })),
);
const loadMessagesPage = () => import("../features/chats/components/messages-page");
export const MessagesPage = lazy(() => loadMessagesPage().then((m) => ({ default: m.MessagesPage })));
export const NotificationsPage = lazy(() =>
  import("../features/notifications/components/notifications-page").then((m) => ({
    default: m.NotificationsPage,
  })),
);
export const OwnProfilePage = lazy(() =>
  import("../features/profiles/components/own-profile-page").then((m) => ({ default: m.OwnProfilePage })),
);
export const PublicProfilePage = lazy(() =>
  import("../features/profiles/components/public-profile-page").then((m) => ({
    default: m.PublicProfilePage,
  })),
);
export const SettingsPage = lazy(() =>
  import("../features/settings/components/settings-page").then((m) => ({ default: m.SettingsPage })),
);
export const AdminPage = lazy(() =>
  import("../features/admin/components/admin-page").then((m) => ({ default: m.AdminPage })),
);
export const PrivacyPolicyPage = lazy(() =>
  import("../features/legal/privacy-policy-page").then((m) => ({ default: m.PrivacyPolicyPage })),
);
export const TermsOfUsePage = lazy(() =>
  import("../features/legal/terms-of-use-page").then((m) => ({ default: m.TermsOfUsePage })),
);
const loadEventsPage = () => import("../features/events/components/events-page");
export const EventsPage = lazy(() => loadEventsPage().then((m) => ({ default: m.EventsPage })));
const loadTeammatesPage = () => import("../features/recruitment/components/teammates-page");
export const TeammatesPage = lazy(() => loadTeammatesPage().then((m) => ({ default: m.TeammatesPage })));

/** Pages a visit often starts at, by address. */
const PAGE_LOADERS: Record<string, () => Promise<unknown>> = {
  "/login": loadLoginPage,
  "/signup": loadSignupPage,
  "/dashboard": loadDashboardPage,
  "/sell": loadSellPage,
  "/buy": loadBrowsePage,
  "/messages": loadMessagesPage,
  "/events": loadEventsPage,
  "/teammates": loadTeammatesPage,
};

/**
 * Fetches the code of the page at this address without drawing it. The app calls it as it starts,
 * so the page's code arrives while the route guard still waits to learn who is signed in, instead
 * of after. A failure is left to the page itself, which loads again when drawn.
 */
export function preloadPageAt(pathname: string): void {
  PAGE_LOADERS[pathname]?.().catch(() => {});
}
