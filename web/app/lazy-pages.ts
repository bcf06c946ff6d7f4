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
export const VaultPage = lazy(() =>
  import("../features/vault/components/vault-page").then((m) => ({ default: m.VaultPage })),
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
