import { defaultSortFor } from "@shared/browse-filters";
import { collegeShortName } from "@shared/colleges";
import type { BrowseSort } from "@shared/items-constants";
import { VERIFIED_LABELS } from "@shared/verification-labels";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import EllipsisVerticalIcon from "lucide-react/icons/ellipsis-vertical";
import { Suspense, useState } from "react";
import { Menu } from "../../../components/ui/menu";
import { SearchField } from "../../../components/ui/search-field";
import { formatRupees } from "../../../lib/format";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { capitalise } from "../../../lib/item-labels";
import type { BrowseFilters } from "../api/get-items";
import type { FilterChange } from "../browse-params";
import { CATEGORY_OPTIONS, sortOptions } from "../item-format";
import type { FilterSheetKind } from "./filter-sheet";

// A chip's sheet loads with the first tap on a chip, not with the page.
const FilterSheet = lazyWhenOnline(() =>
  import("./filter-sheet").then((module) => ({ default: module.FilterSheet })),
);

interface BrowseToolbarProps {
  filters: BrowseFilters;
  onChange: (change: FilterChange, options?: { replace?: boolean }) => void;
  /** Changes when the search box must forget what is being typed (Clear Filters). */
  searchKey: number;
  /** 'Save Search' with the current filters: the saved searches page, which asks for a name. */
  saveSearchHref: string;
}

const chipBase =
  "relative inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const chipOff = `${chipBase} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const chipOn = `${chipBase} border-indigo-700 bg-indigo-50 text-indigo-900`;

/** What a chip reads: its name, or the value chosen. */
export function chipLabels(filters: BrowseFilters): Record<FilterSheetKind, string | null> {
  const category = CATEGORY_OPTIONS.find((option) => option.value === filters.category)?.label;
  const { minPrice, maxPrice } = filters;
  const price =
    minPrice && maxPrice
      ? `${formatRupees(minPrice)}–${formatRupees(maxPrice)}`
      : minPrice
        ? `From ${formatRupees(minPrice)}`
        : maxPrice
          ? `Up to ${formatRupees(maxPrice)}`
          : null;
  return {
    category: filters.category === "all" ? null : (category ?? null),
    price,
    condition: filters.condition ? capitalise(filters.condition) : null,
    city: filters.city || null,
    college: filters.college ? collegeShortName(filters.college) : null,
  };
}

const CHIPS: { kind: FilterSheetKind; name: string }[] = [
  { kind: "category", name: "Category" },
  { kind: "price", name: "Price" },
  { kind: "condition", name: "Condition" },
  { kind: "city", name: "City" },
  { kind: "college", name: "College" },
];

/**
 * The search box with a menu beside it ('Save Search', 'Saved searches', 'Sell an Item'), and under
 * it one row of chips: the sort, Category, Price, Condition, City, College (each opening a small
 * sheet) and 'Hide reserved'. A chip shows its value once chosen. Everything is in the address.
 */
export function BrowseToolbar({ filters, onChange, searchKey, saveSearchHref }: BrowseToolbarProps) {
  const [open, setOpen] = useState<FilterSheetKind | null>(null);
  const labels = chipLabels(filters);
  const sorts = sortOptions(filters.search);
  const sortLabel = sorts.find((option) => option.value === filters.sort)?.label ?? "Sort";

  return (
    <section aria-label="Search and filters" className="space-y-2">
      <div className="flex items-center gap-1">
        <SearchField
          key={searchKey}
          label="Search items"
          hideLabel
          placeholder="Search by name or type"
          className="flex-1"
          value={filters.search}
          // Typing replaces the history entry so Back does not step through every keystroke.
          onCommit={(search) => onChange({ search }, { replace: true })}
        />
        <div className="relative sm:hidden">
          <Menu
            label="More browse actions"
            trigger={<EllipsisVerticalIcon aria-hidden="true" className="size-5" />}
            triggerClassName="grid size-11 place-items-center rounded-full text-slate-800 hover:bg-slate-100"
            items={[
              { label: "Save Search", to: saveSearchHref },
              { label: "Saved searches", to: "/saved-searches" },
              { label: "Sell an Item", to: "/sell" },
            ]}
          />
        </div>
      </div>
      <fieldset className="min-w-0">
        <legend className="sr-only">Filters</legend>
        {/* One row that scrolls sideways on phones, within itself; it wraps from 640 px. */}
        <div className="-mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
          <label
            className={`${filters.sort === defaultSortFor(filters.search) ? chipOff : chipOn} relative pr-8`}
          >
            <span className="sr-only">Sort by</span>
            <span aria-hidden="true">{sortLabel}</span>
            <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute right-2.5 size-4" />
            {/* The native picker: a sheet of its own on phones. Invisible over the chip it fills. */}
            <select
              name="sort"
              value={filters.sort}
              onChange={(event) => onChange({ sort: event.target.value as BrowseSort })}
              className="absolute inset-0 cursor-pointer opacity-0"
            >
              {sorts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {CHIPS.map((chip) => {
            const value = labels[chip.kind];
            return (
              <button
                key={chip.kind}
                type="button"
                aria-haspopup="dialog"
                onClick={() => setOpen(chip.kind)}
                className={value ? chipOn : chipOff}
              >
                {value ? (
                  <>
                    <span className="sr-only">{`${chip.name}: `}</span>
                    <span className="max-w-40 truncate">{value}</span>
                  </>
                ) : (
                  chip.name
                )}
                <ChevronDownIcon aria-hidden="true" className="size-4" />
              </button>
            );
          })}
          <button
            type="button"
            aria-pressed={filters.hideReserved ?? false}
            onClick={() => onChange({ hideReserved: !filters.hideReserved })}
            className={filters.hideReserved ? chipOn : chipOff}
          >
            Hide reserved
          </button>
          <button
            type="button"
            aria-pressed={filters.verifiedOnly ?? false}
            onClick={() => onChange({ verifiedOnly: !filters.verifiedOnly })}
            className={filters.verifiedOnly ? chipOn : chipOff}
          >
            {VERIFIED_LABELS.verifiedSellersOnly}
          </button>
        </div>
      </fieldset>
      {open ? (
        <Suspense fallback={null}>
          <FilterSheet kind={open} filters={filters} onChange={onChange} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
