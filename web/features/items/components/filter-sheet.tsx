import { PRICE_BOUND_MAX } from "@shared/browse-filters";
import { CONDITIONS } from "@shared/constants";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { collegeOptionsQueryOptions } from "../../../components/college-combobox/api/colleges-query";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { inputClasses, labelClasses } from "../../../components/ui/field";
import { capitalise } from "../../../lib/item-labels";
import type { BrowseFilters } from "../api/get-items";
import type { FilterChange } from "../browse-params";
import { CATEGORY_OPTIONS } from "../item-format";
import { CollegeFilter } from "./college-filter";

export type FilterSheetKind = "category" | "price" | "condition" | "city" | "college";

interface FilterSheetProps {
  kind: FilterSheetKind;
  filters: BrowseFilters;
  onChange: (change: FilterChange) => void;
  onClose: () => void;
}

const TITLES: Record<FilterSheetKind, string> = {
  category: "Category",
  price: "Price",
  condition: "Condition",
  city: "City",
  college: "College",
};

/** One chip's small sheet: a choice applies at once and closes it; Price applies on 'Apply'. */
export function FilterSheet({ kind, filters, onChange, onClose }: FilterSheetProps) {
  const choose = (change: FilterChange) => {
    onChange(change);
    onClose();
  };
  return (
    <Dialog title={TITLES[kind]} onClose={onClose} placement="sheet">
      <div className="mt-4">
        {kind === "category" ? (
          <Choices
            name="category"
            value={filters.category}
            options={[{ value: "all", label: "All Categories" }, ...CATEGORY_OPTIONS]}
            onChoose={(category) => choose({ category: category as BrowseFilters["category"] })}
          />
        ) : kind === "condition" ? (
          <Choices
            name="condition"
            value={filters.condition}
            options={[
              { value: "", label: "Any condition" },
              ...CONDITIONS.map((value) => ({ value, label: capitalise(value) })),
            ]}
            onChoose={(condition) => choose({ condition: condition as BrowseFilters["condition"] })}
          />
        ) : kind === "price" ? (
          <PriceForm filters={filters} onApply={choose} />
        ) : kind === "city" ? (
          <CityChoices value={filters.city} onChoose={(city) => choose({ city, college: "" })} />
        ) : (
          <CollegeFilter value={filters.college} onChange={(college) => choose({ college, city: "" })} />
        )}
      </div>
      <button type="button" onClick={onClose} className={`${secondaryButton} mt-4 w-full`}>
        Close
      </button>
    </Dialog>
  );
}

function Choices({
  name,
  value,
  options,
  onChoose,
}: {
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChoose: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">{capitalise(name)}</legend>
      <div className="grid gap-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-slate-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChoose(option.value)}
              className="size-5 accent-indigo-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The directory's cities: every college of the one chosen. */
function CityChoices({ value, onChoose }: { value: string; onChoose: (city: string) => void }) {
  const { data: options, isError, refetch } = useQuery(collegeOptionsQueryOptions);
  const id = useId();
  if (isError) {
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        <span>Could not load the cities.</span>
        <button type="button" onClick={() => refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }
  const cities = [...new Set((options ?? []).map((option) => option.city))];
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        City
      </label>
      <select
        id={id}
        name="city"
        value={value}
        disabled={!options}
        onChange={(event) => onChoose(event.target.value)}
        className={inputClasses}
      >
        <option value="">Any city</option>
        {cities.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
      </select>
    </div>
  );
}

const PRICE_MESSAGES = {
  whole: "Enter whole rupees, like 500.",
  order: "The minimum price cannot be more than the maximum price.",
  tooHigh: `At most ₹${PRICE_BOUND_MAX}.`,
};

/** Reads a price box: 0 for empty, null for anything that is not whole rupees in range. */
function readPrice(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= PRICE_BOUND_MAX ? value : null;
}

function PriceForm({
  filters,
  onApply,
}: {
  filters: BrowseFilters;
  onApply: (change: FilterChange) => void;
}) {
  const [min, setMin] = useState(filters.minPrice ? String(filters.minPrice) : "");
  const [max, setMax] = useState(filters.maxPrice ? String(filters.maxPrice) : "");
  const [error, setError] = useState<string | null>(null);
  const minId = useId();
  const maxId = useId();
  const errorId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const minPrice = readPrice(min);
    const maxPrice = readPrice(max);
    if (minPrice === null || maxPrice === null) {
      setError(
        /^\d+$/.test(min.trim() || "0") && /^\d+$/.test(max.trim() || "0")
          ? PRICE_MESSAGES.tooHigh
          : PRICE_MESSAGES.whole,
      );
      return;
    }
    if (minPrice && maxPrice && minPrice > maxPrice) {
      setError(PRICE_MESSAGES.order);
      return;
    }
    onApply({ minPrice, maxPrice });
  }

  const described = error ? errorId : undefined;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={minId} className={labelClasses}>
            Min (₹)
          </label>
          <input
            id={minId}
            name="minPrice"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={min}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) => setMin(event.target.value)}
            className={inputClasses}
          />
        </div>
        <div>
          <label htmlFor={maxId} className={labelClasses}>
            Max (₹)
          </label>
          <input
            id={maxId}
            name="maxPrice"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Any"
            value={max}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) => setMax(event.target.value)}
            className={inputClasses}
          />
        </div>
      </div>
      {error ? (
        <Alert tone="error" variant="inline">
          <span id={errorId}>{error}</span>
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={() => onApply({ minPrice: 0, maxPrice: 0 })}
          className={secondaryButton}
        >
          Any price
        </button>
        <button type="submit" className={primaryButton}>
          Apply
        </button>
      </div>
    </form>
  );
}
