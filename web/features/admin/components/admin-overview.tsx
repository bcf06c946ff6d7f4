import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { adminOverviewQueryOptions } from "../api/get-overview";

const COUNTS = [
  { key: "students", label: "Students" },
  { key: "cities", label: "Cities" },
  { key: "colleges", label: "Colleges" },
  { key: "activeItems", label: "Active Items" },
] as const;

/** The counts at the top of the admin panel. */
export function AdminOverview() {
  const overview = useQuery(adminOverviewQueryOptions);
  if (overview.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Could not load the overview.</span>
        <button type="button" onClick={() => overview.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="text-lg font-semibold text-slate-900">
        Overview
      </h2>
      {overview.isPending ? <span className="sr-only">Loading the overview...</span> : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {COUNTS.map((count) => (
          <div key={count.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <dt className="text-sm font-medium text-slate-600">{count.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">
              {overview.data ? (
                overview.data[count.key]
              ) : (
                <span
                  aria-hidden="true"
                  className="block h-9 w-14 rounded-md bg-slate-200 motion-safe:animate-pulse"
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
