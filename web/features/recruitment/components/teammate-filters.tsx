import { ACADEMIC_YEARS, RECRUITMENT_SORT_LABELS, RECRUITMENT_SORTS } from "@shared/recruitment-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { LazyCollegePicker } from "../../../components/college-combobox/lazy-college-picker";
import { Field, inputClasses } from "../../../components/ui/field";
import { SearchField } from "../../../components/ui/search-field";
import type { RecruitmentFilterChange, RecruitmentFilters, RecruitmentSort } from "../teammates-params";

interface TeammateFiltersProps {
  filters: RecruitmentFilters;
  onChange: (change: RecruitmentFilterChange, options?: { replace?: boolean }) => void;
}

export function TeammateFilters({ filters, onChange }: TeammateFiltersProps) {
  return (
    <section
      aria-label="Search and filters"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 lg:grid-cols-4"
    >
      <SearchField
        label="Search recruitment posts"
        placeholder="Purpose, event, skills..."
        value={filters.search}
        onCommit={(search) => onChange({ search }, { replace: true })}
        className="col-span-2 lg:col-span-1"
      />
      <Field label="Academic Year" className="min-w-0">
        {(control) => (
          <select
            {...control}
            name="year"
            value={filters.year}
            onChange={(event) => onChange({ year: event.target.value as RecruitmentFilters["year"] })}
            className={inputClasses}
          >
            <option value="">All Years</option>
            {ACADEMIC_YEARS.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sort By" className="min-w-0">
        {(control) => (
          <select
            {...control}
            name="sort"
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as RecruitmentSort })}
            className={inputClasses}
          >
            {RECRUITMENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {RECRUITMENT_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <LazyCollegePicker
        label="College"
        value={filters.college}
        onSelect={(option) => onChange({ college: option.college })}
        onClear={() => onChange({ college: "" })}
        className="col-span-2 lg:col-span-1"
      />
      <div className="col-span-2 flex flex-wrap items-center gap-x-6 gap-y-1 lg:col-span-4">
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="showFull"
            checked={filters.showFull}
            onChange={(event) => onChange({ showFull: event.target.checked })}
            className="size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
          />
          {TEAM_MESSAGES.showFullTeams}
        </label>
        {filters.eventId ? (
          <button
            type="button"
            onClick={() => onChange({ eventId: "" })}
            className="min-h-11 text-sm font-medium text-indigo-700 underline underline-offset-2"
          >
            Teams of one event · Show all teams
          </button>
        ) : null}
        {filters.postId ? (
          // Any change leaves the single card for the list; an empty one changes nothing else.
          <button
            type="button"
            onClick={() => onChange({})}
            className="min-h-11 text-sm font-medium text-indigo-700 underline underline-offset-2"
          >
            One team · Show all teams
          </button>
        ) : null}
      </div>
    </section>
  );
}
