import type { BrowseSort } from "@shared/api/items";
import type { Category } from "@shared/constants";
import { Field, inputClasses } from "../../../components/ui/field";
import { SearchField } from "../../../components/ui/search-field";
import type { BrowseFilters } from "../api/get-items";
import type { FilterChange } from "../browse-params";
import { CATEGORY_OPTIONS, SORT_OPTIONS } from "../item-format";
import { CollegeFilter } from "./college-filter";

interface BrowseToolbarProps {
  filters: BrowseFilters;
  onChange: (change: FilterChange, options?: { replace?: boolean }) => void;
  /** Changes when the search box must forget what is being typed (Clear Filters). */
  searchKey: number;
}

export function BrowseToolbar({ filters, onChange, searchKey }: BrowseToolbarProps) {
  return (
    <section
      aria-label="Search and filters"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 lg:grid-cols-4"
    >
      {/* Phones: search and college full width, the two selects side by side. */}
      <SearchField
        key={searchKey}
        label="Search items"
        placeholder="Search by name or type"
        className="col-span-2 lg:col-span-1"
        value={filters.search}
        // Typing replaces the history entry so Back does not step through every keystroke.
        onCommit={(search) => onChange({ search }, { replace: true })}
      />
      <Field label="Category" className="min-w-0">
        {(control) => (
          <select
            {...control}
            name="category"
            value={filters.category}
            onChange={(event) => onChange({ category: event.target.value as "all" | Category })}
            className={inputClasses}
          >
            <option value="all">All Categories</option>
            {CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sort by" className="min-w-0">
        {(control) => (
          <select
            {...control}
            name="sort"
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as BrowseSort })}
            className={inputClasses}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CollegeFilter
        value={filters.college}
        onChange={(college) => onChange({ college })}
        className="col-span-2 lg:col-span-1"
      />
    </section>
  );
}
