import type { DashboardResponse } from "@shared/api/dashboard";
import { Link } from "react-router";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { formatDateTime } from "../../../lib/format";

type Activity = DashboardResponse["recentActivity"][number];

interface RecentActivityProps {
  entries: Activity[] | undefined;
  isPending: boolean;
}

export function RecentActivity({ entries, isPending }: RecentActivityProps) {
  return (
    <section
      aria-labelledby="activity-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      {isPending ? (
        <div aria-hidden="true" className="mt-4 space-y-3">
          <div className="h-5 w-3/4 rounded bg-slate-200 motion-safe:animate-pulse" />
          <div className="h-5 w-1/2 rounded bg-slate-200 motion-safe:animate-pulse" />
        </div>
      ) : entries && entries.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              {entry.href ? (
                <Link to={entry.href} className={`${textLink} text-sm`}>
                  {entry.text}
                </Link>
              ) : (
                <span className="text-sm text-slate-800">{entry.text}</span>
              )}
              <time dateTime={entry.at} className="text-xs text-slate-500">
                {formatDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 flex flex-col items-center rounded-lg bg-slate-50 px-4 py-8 text-center">
          <p className="font-medium text-slate-700">No recent activity</p>
          <Link to="/sell" className={`${primaryButton} mt-4`}>
            Post Your First Item
          </Link>
        </div>
      )}
    </section>
  );
}
