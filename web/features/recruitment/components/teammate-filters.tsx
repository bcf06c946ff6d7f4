import { ACADEMIC_YEARS, RECRUITMENT_SORT_LABELS, RECRUITMENT_SORTS } from "@shared/recruitment-constants";
import { useId } from "react";
import { CollegePicker } from "../../../components/college-combobox/college-picker";
import { SearchField } from "../../../components/ui/search-field";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import type { RecruitmentFilterChange, RecruitmentFilters, RecruitmentSort } from "../teammates-params";

interface TeammateFiltersProps {
  filters: RecruitmentFilters;
  onChange: (change: RecruitmentFilterChange, options?: { replace?: boolean }) => void;
}

export function TeammateFilters({ filters, onChange }: TeammateFiltersProps) {
  const yearId = useId();
  const sortId = useId();
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
      <div className="min-w-0">
        <label htmlFor={yearId} className={labelClasses}>
          Academic Year
        </label>
        <select
          id={yearId}
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
      </div>
      <div className="min-w-0">
        <label htmlFor={sortId} className={labelClasses}>
          Sort By
        </label>
        <select
          id={sortId}
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
      </div>
      <CollegePicker
        label="College"
        value={filters.college}
        onSelect={(option) => onChange({ college: option.college })}
        onClear={() => onChange({ college: "" })}
        className="col-span-2 lg:col-span-1"
      />
    </section>
  );
}
