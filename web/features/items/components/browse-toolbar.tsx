import type { Category } from "@shared/constants";
import type { BrowseSort } from "@shared/items-constants";
import { VERIFIED_LABELS } from "@shared/verification-labels";
import SlidersHorizontalIcon from "lucide-react/icons/sliders-horizontal";
import { useId, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { SearchField } from "../../../components/ui/search-field";
import type { BrowseFilters } from "../api/get-items";
import { activeFilterCount, type FilterChange } from "../browse-params";
import { CATEGORY_OPTIONS, SORT_OPTIONS } from "../item-format";
import { CollegeFilter } from "./college-filter";

interface BrowseToolbarProps {
  filters: BrowseFilters;
  onChange: (change: FilterChange, options?: { replace?: boolean }) => void;
  /** Changes when the search box must forget what is being typed (Clear Filters). */
  searchKey: number;
}

/**
 * Search, sort and the filters. Phones keep the search box and the sort one tap away and fold the
 * category and college filters behind a 'Filters' button that counts the active ones; from 768 px
 * everything is out.
 */
export function BrowseToolbar({ filters, onChange, searchKey }: BrowseToolbarProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const activeCount = activeFilterCount(filters);

  return (
    <section
      aria-label="Search and filters"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4 lg:grid-cols-4"
    >
      <SearchField
        key={searchKey}
        label="Search items"
        placeholder="Search by name or type"
        className="col-span-2 lg:col-span-1"
        value={filters.search}
        // Typing replaces the history entry so Back does not step through every keystroke.
        onCommit={(search) => onChange({ search }, { replace: true })}
      />
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className={`${secondaryButton} self-end md:hidden ${isOpen ? "border-indigo-600 bg-indigo-50" : ""}`}
      >
        <SlidersHorizontalIcon aria-hidden="true" className="size-4" />
        Filters
        {activeCount > 0 ? (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-700 px-1.5 text-xs font-bold text-white">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </button>
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
      {/* Its fields join the toolbar's grid; on phones only while Filters is open. */}
      <div id={panelId} className={isOpen ? "contents" : "hidden md:contents"}>
        <Field label="Category" className="col-span-2 min-w-0 md:col-span-1">
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
        <CollegeFilter
          value={filters.college}
          onChange={(college) => onChange({ college })}
          className="col-span-2 lg:col-span-1"
        />
        <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:col-span-1">
          <input
            type="checkbox"
            checked={filters.hideReserved ?? false}
            onChange={(event) => onChange({ hideReserved: event.target.checked })}
            className="size-5 accent-indigo-700"
          />
          Hide reserved
        </label>
        <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 md:col-span-1">
          <input
            type="checkbox"
            checked={filters.verifiedOnly ?? false}
            onChange={(event) => onChange({ verifiedOnly: event.target.checked })}
            className="size-5 accent-indigo-700"
          />
          {VERIFIED_LABELS.verifiedSellersOnly}
        </label>
      </div>
    </section>
  );
}
