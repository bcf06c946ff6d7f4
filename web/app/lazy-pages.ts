import { lazy } from "react";

/*
 * Everything but the landing page is loaded on demand, so a first visit to / downloads only
 * what the landing page needs.
 */

export const LoginPage = lazy(() =>
  import("../features/auth/components/login-page").then((m) => ({ default: m.LoginPage })),
);
export const SignupPage = lazy(() =>
  import("../features/auth/components/signup-page").then((m) => ({ default: m.SignupPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import("../features/auth/components/forgot-password-page").then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import("../features/auth/components/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import("../features/auth/components/verify-email-page").then((m) => ({ default: m.VerifyEmailPage })),
);
export const DashboardPage = lazy(() =>
  import("../features/dashboard/components/dashboard-page").then((m) => ({ default: m.DashboardPage })),
);
export const SellPage = lazy(() =>
  import("../features/marketplace/components/sell-page").then((m) => ({ default: m.SellPage })),
);
export const BrowsePage = lazy(() =>
  import("../features/marketplace/components/browse-page").then((m) => ({ default: m.BrowsePage })),
);
export const ItemDetailPage = lazy(() =>
  import("../features/marketplace/components/item-detail-page").then((m) => ({ default: m.ItemDetailPage })),
);
export const VaultPage = lazy(() =>
  import("../features/vault/components/vault-page").then((m) => ({ default: m.VaultPage })),
);
export const MessagesPage = lazy(() =>
  import("../features/messages/components/messages-page").then((m) => ({ default: m.MessagesPage })),
);
export const NotificationsPage = lazy(() =>
  import("../features/notifications/components/notifications-page").then((m) => ({
    default: m.NotificationsPage,
  })),
);
export const OwnProfilePage = lazy(() =>
  import("../features/profile/components/own-profile-page").then((m) => ({ default: m.OwnProfilePage })),
);
export const PublicProfilePage = lazy(() =>
  import("../features/profile/components/public-profile-page").then((m) => ({
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
export const EventsPage = lazy(() =>
  import("../features/events/components/events-page").then((m) => ({ default: m.EventsPage })),
);
export const TeammatesPage = lazy(() =>
  import("../features/teammates/components/teammates-page").then((m) => ({ default: m.TeammatesPage })),
);
