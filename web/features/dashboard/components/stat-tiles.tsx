import type { DashboardResponse } from "@shared/api/dashboard";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";

const TILES = [
  { key: "itemsSold", label: "Items Sold" },
  { key: "followers", label: "Followers" },
  { key: "itemsSelling", label: "Items Selling" },
] as const;

interface StatTilesProps {
  data: DashboardResponse | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

export function StatTiles({ data, isPending, isError, onRetry }: StatTilesProps) {
  if (isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Could not load your dashboard figures.</span>
        <button type="button" onClick={onRetry} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Your numbers
      </h2>
      {isPending ? <span className="sr-only">Loading your numbers...</span> : null}
      <dl className="grid grid-cols-3 gap-3 sm:gap-4">
        {TILES.map((tile) => (
          <div key={tile.key} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
            <dt className="text-xs font-medium text-slate-600 sm:text-sm">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">
              {data ? (
                data[tile.key]
              ) : (
                <span
                  aria-hidden="true"
                  className="block h-8 w-12 rounded-md bg-slate-200 motion-safe:animate-pulse"
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
