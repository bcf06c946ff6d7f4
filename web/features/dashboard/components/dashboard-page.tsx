import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { dashboardQueryOptions } from "../api/dashboard-api";
import { FeatureCards } from "./feature-cards";
import { RecentActivity } from "./recent-activity";
import { StatTiles } from "./stat-tiles";
import { VerifyEmailNotice } from "./verify-email-notice";
import { WelcomeBanner } from "./welcome-banner";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { user } = useSession();
  const dashboard = useQuery(dashboardQueryOptions);
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <WelcomeBanner user={user} />
      {user.emailVerified ? null : <VerifyEmailNotice />}
      <StatTiles
        data={dashboard.data}
        isPending={dashboard.isPending}
        isError={dashboard.isError}
        onRetry={() => dashboard.refetch()}
      />
      <FeatureCards supportEmail={dashboard.data?.supportEmail} />
      {dashboard.isError ? null : (
        <RecentActivity entries={dashboard.data?.recentActivity} isPending={dashboard.isPending} />
      )}
    </div>
  );
}
