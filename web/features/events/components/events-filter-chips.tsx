import { collegeShortName } from "@shared/colleges";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import SlidersHorizontalIcon from "lucide-react/icons/sliders-horizontal";
import { formatCalendarDate } from "../../../lib/format";
import type { EventFilterChange, EventFilters } from "../events-params";

const chipBase =
  "relative inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const chipOff = `${chipBase} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const chipOn = `${chipBase} border-indigo-700 bg-indigo-50 text-indigo-900`;

interface EventsFilterChipsProps {
  filters: EventFilters;
  onChange: (change: EventFilterChange) => void;
  isPanelOpen: boolean;
  panelId: string;
  onTogglePanel: () => void;
}

/** Where the list looks: the college (short) and city, the city alone, or every college. */
export function campusChipLabel(filters: Pick<EventFilters, "college" | "city">): string {
  if (filters.college) return collegeShortName(filters.college);
  return filters.city || "All colleges";
}

/**
 * The events filters folded into one row of chips that scrolls sideways on phones: 'Filters' opens
 * the full panel, the place and the date say what applies (a tap opens the panel too), and
 * 'Upcoming' and 'Interested' switch at once.
 */
export function EventsFilterChips({
  filters,
  onChange,
  isPanelOpen,
  panelId,
  onTogglePanel,
}: EventsFilterChipsProps) {
  const opener = { "aria-controls": panelId, "aria-expanded": isPanelOpen, onClick: onTogglePanel };
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Event filters</legend>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
        <button type="button" {...opener} className={isPanelOpen ? chipOn : chipOff}>
          <SlidersHorizontalIcon aria-hidden="true" className="size-4" />
          Filters
        </button>
        <button type="button" {...opener} className={chipOn}>
          <span className="sr-only">Where: </span>
          <span className="max-w-40 truncate">{campusChipLabel(filters)}</span>
          <ChevronDownIcon aria-hidden="true" className="size-4" />
        </button>
        {filters.date ? (
          <button type="button" {...opener} className={chipOn}>
            <span className="sr-only">Date: </span>
            {formatCalendarDate(filters.date)}
          </button>
        ) : null}
        {filters.search ? (
          <button type="button" {...opener} className={chipOn}>
            <span className="sr-only">Search: </span>
            <span className="max-w-40 truncate">{`"${filters.search}"`}</span>
          </button>
        ) : null}
        <button
          type="button"
          aria-pressed={filters.isUpcomingOnly}
          onClick={() => onChange({ isUpcomingOnly: !filters.isUpcomingOnly })}
          className={filters.isUpcomingOnly ? chipOn : chipOff}
        >
          Upcoming only
        </button>
        <button
          type="button"
          aria-pressed={filters.isInterestedOnly}
          onClick={() => onChange({ isInterestedOnly: !filters.isInterestedOnly })}
          className={filters.isInterestedOnly ? chipOn : chipOff}
        >
          Interested only
        </button>
      </div>
    </fieldset>
  );
}
