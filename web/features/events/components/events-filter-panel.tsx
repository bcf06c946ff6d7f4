import { formatCollegeOption } from "@shared/colleges";
import { EVENT_TEXTS } from "@shared/event-texts";
import { useId } from "react";
import { CollegePicker } from "../../../components/college-combobox/college-picker";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { SearchField } from "../../../components/ui/search-field";
import type { EventFilterChange, EventFilters } from "../events-params";
import { isCalendarDate } from "../events-params";

interface EventsFilterPanelProps {
  filters: EventFilters;
  onChange: (change: EventFilterChange, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

/** The chip text of the chosen college and city ('IIT Bombay, Mumbai'), or just one of them. */
function campusLabel(filters: EventFilters): string {
  if (filters.college && filters.city) return formatCollegeOption(filters);
  return filters.college || filters.city;
}

export function EventsFilterPanel({ filters, onChange, onReset }: EventsFilterPanelProps) {
  const upcomingId = useId();
  const interestedId = useId();
  return (
    <section
      aria-label="Event filters"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <SearchField
        label="Search events"
        placeholder="Title, organizer, venue..."
        value={filters.search}
        // Typing replaces the history entry so Back does not step through every keystroke.
        onCommit={(search) => onChange({ search }, { replace: true })}
        className="sm:col-span-2 lg:col-span-1"
      />
      <CollegePicker
        label="College"
        value={campusLabel(filters)}
        onSelect={(option) => onChange({ college: option.college, city: option.city })}
        onClear={() => onChange({ college: "", city: "" })}
        className="sm:col-span-2 lg:col-span-1"
      />
      <Field label="Date" className="min-w-0">
        {(control) => (
          <input
            {...control}
            type="date"
            name="date"
            value={filters.date}
            onChange={(event) => {
              const date = event.target.value;
              // A half-typed date is not sent; clearing the field is.
              if (date === "" || isCalendarDate(date)) onChange({ date }, { replace: true });
            }}
            className={inputClasses}
          />
        )}
      </Field>
      <div className="flex min-w-0 flex-col justify-between gap-3">
        <div className="flex min-h-11 items-center gap-3 sm:mt-6">
          <input
            id={upcomingId}
            type="checkbox"
            name="upcoming"
            checked={filters.isUpcomingOnly}
            onChange={(event) => onChange({ isUpcomingOnly: event.target.checked })}
            className="size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
          />
          <label htmlFor={upcomingId} className="text-sm font-medium text-slate-800">
            Show only upcoming
          </label>
        </div>
        <div className="flex min-h-11 items-center gap-3">
          <input
            id={interestedId}
            type="checkbox"
            name="interested"
            checked={filters.isInterestedOnly}
            onChange={(event) => onChange({ isInterestedOnly: event.target.checked })}
            className="size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
          />
          <label htmlFor={interestedId} className="text-sm font-medium text-slate-800">
            {EVENT_TEXTS.onlyInterested}
          </label>
        </div>
        <button type="button" onClick={onReset} className={`${secondaryButton} w-full`}>
          Reset
        </button>
      </div>
    </section>
  );
}
