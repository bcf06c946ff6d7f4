import { useId, useState } from "react";
import { OfflineAware } from "../../../components/ui/offline-state";
import { formatCalendarDate } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useEvents } from "../api/get-events";
import type { EventFilters } from "../events-params";
import { useEventFilters } from "../hooks/use-event-filters";
import { EventList } from "./event-list";
import { EventsFilterChips } from "./events-filter-chips";
import { EventsFilterPanel } from "./events-filter-panel";
import { OrganiserBar } from "./organiser-bar";

/** One line saying which filters apply, for screen readers and the wide screen's summary. */
function describeFilters(filters: EventFilters): string {
  if (filters.eventId) return "one shared event";
  const parts = [
    filters.college || filters.city
      ? [filters.college, filters.city].filter(Boolean).join(", ")
      : "All colleges",
    filters.date ? `on ${formatCalendarDate(filters.date)}` : null,
    filters.search ? `matching "${filters.search}"` : null,
    filters.isUpcomingOnly ? "upcoming only, soonest first" : "upcoming soonest first, then past",
    filters.isInterestedOnly ? "interested only" : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/**
 * /events: events and hackathons, filtered on the server by what the address holds: by default the
 * student's city, their own college's first, soonest first. The filters start folded into a row of
 * chips; 'Filters' unfolds the whole panel.
 */
export function EventsPage() {
  useDocumentTitle("Events & Hackathons");
  const { filters, changeFilters, resetFilters } = useEventFilters();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const panelId = useId();
  const query = useEvents(filters);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <header className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Events &amp; Hackathons</h1>
        <p className="mt-1 text-slate-600">Workshops, fests and hackathons at colleges near you.</p>
      </header>
      {filters.eventId ? null : (
        <EventsFilterChips
          filters={filters}
          onChange={changeFilters}
          isPanelOpen={isPanelOpen}
          panelId={panelId}
          onTogglePanel={() => setIsPanelOpen((isOpen) => !isOpen)}
        />
      )}

      <OrganiserBar organises={query.data?.organises} feed={query.data?.feed} />

      {/* Hidden rather than unmounted, so a search being typed survives hiding the panel. */}
      <div id={panelId} hidden={!isPanelOpen}>
        <EventsFilterPanel filters={filters} onChange={changeFilters} onReset={resetFilters} />
      </div>
      <p className={`text-sm break-words text-slate-700 ${filters.eventId ? "" : "sr-only"}`}>
        <span className="font-medium text-slate-900">Showing: </span>
        {describeFilters(filters)}
        {filters.eventId ? (
          <>
            {" · "}
            <button
              type="button"
              onClick={resetFilters}
              className="min-h-11 font-medium text-indigo-700 underline underline-offset-2"
            >
              Show all events
            </button>
          </>
        ) : null}
      </p>

      <OfflineAware query={query}>
        <EventList
          events={query.data?.events}
          isError={query.isError}
          isUpdating={query.isPlaceholderData}
          onRetry={() => query.refetch()}
        />
      </OfflineAware>
    </div>
  );
}
