import ChevronDownIcon from "lucide-react/icons/chevron-down";
import { useId, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { OfflineAware } from "../../../components/ui/offline-state";
import { formatCalendarDate } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useEvents } from "../api/get-events";
import type { EventFilters } from "../events-params";
import { useEventFilters } from "../hooks/use-event-filters";
import { EventList } from "./event-list";
import { EventsFilterPanel } from "./events-filter-panel";
import { OrganiserBar } from "./organiser-bar";

/** One line saying which filters apply, so they stay clear while the panel is hidden. */
function describeFilters(filters: EventFilters): string {
  if (filters.eventId) return "one shared event";
  const parts = [
    filters.college || filters.city
      ? [filters.college, filters.city].filter(Boolean).join(", ")
      : "All colleges",
    filters.date ? `on ${formatCalendarDate(filters.date)}` : null,
    filters.search ? `matching "${filters.search}"` : null,
    filters.isUpcomingOnly ? "upcoming only" : "past and upcoming",
    filters.isInterestedOnly ? "interested only" : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** /events: events and hackathons, filtered on the server by what the address holds. */
export function EventsPage() {
  useDocumentTitle("Events & Hackathons");
  const { filters, changeFilters, resetFilters } = useEventFilters();
  const [isPanelOpen, setIsPanelOpen] = useState(true);
  const panelId = useId();
  const query = useEvents(filters);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Events &amp; Hackathons</h1>
          <p className="mt-1 text-slate-600">Workshops, fests and hackathons at colleges near you.</p>
        </div>
        <button
          type="button"
          aria-expanded={isPanelOpen}
          aria-controls={panelId}
          onClick={() => setIsPanelOpen((isOpen) => !isOpen)}
          className={secondaryButton}
        >
          {isPanelOpen ? "Hide Filters" : "Show Filters"}
          <ChevronDownIcon className={`size-4 transition-transform ${isPanelOpen ? "rotate-180" : ""}`} />
        </button>
      </header>

      <OrganiserBar organises={query.data?.organises} feed={query.data?.feed} />

      {/* Hidden rather than unmounted, so a search being typed survives hiding the panel. */}
      <div id={panelId} hidden={!isPanelOpen}>
        <EventsFilterPanel filters={filters} onChange={changeFilters} onReset={resetFilters} />
      </div>
      <p className="text-sm break-words text-slate-700">
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
