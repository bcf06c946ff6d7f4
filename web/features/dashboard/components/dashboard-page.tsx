import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { dashboardQueryOptions } from "../api/get-dashboard";
import { FeatureCards } from "./feature-cards";
import { NewNearYou } from "./new-near-you";
import { RecentActivity } from "./recent-activity";
import { StatTiles } from "./stat-tiles";
import { VerifyEmailNotice } from "./verify-email-notice";
import { WelcomeBanner } from "./welcome-banner";

/**
 * /dashboard: the student's figures, what they can do next and their recent activity.
 * `supportActions` are the support ticket buttons of the Help & Support card, from the tickets
 * feature: the app composes the two.
 */
export function DashboardPage({ supportActions }: { supportActions: ReactNode }) {
  useDocumentTitle("Dashboard");
  const { user } = useSession();
  const dashboard = useQuery(dashboardQueryOptions);
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <WelcomeBanner user={user} />
      {user.emailVerified ? null : <VerifyEmailNotice />}
      {/* A student with no activity yet: what is for sale around them, on the first screen. */}
      {dashboard.data ? <NewNearYou items={dashboard.data.newNearYou} /> : null}
      <StatTiles
        data={dashboard.data}
        isPending={dashboard.isPending}
        isError={dashboard.isError}
        onRetry={() => dashboard.refetch()}
      />
      <FeatureCards supportEmail={dashboard.data?.supportEmail} supportActions={supportActions} />
      {dashboard.isError ? null : (
        <RecentActivity entries={dashboard.data?.recentActivity} isPending={dashboard.isPending} />
      )}
    </div>
  );
}
