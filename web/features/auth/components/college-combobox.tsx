import { type CollegeOption, filterCollegeOptions, formatCollegeOption } from "@shared/colleges";
import { sanitiseField, sanitiseWhileTyping } from "@shared/validation/signup";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { collegeOptionsQueryOptions } from "../../colleges/api/colleges-api";

interface CollegeComboboxProps {
  value: CollegeOption | null;
  onChange: (option: CollegeOption | null) => void;
  /** Any keystroke in the box, so the form can clear its error. */
  onEdit: () => void;
}

const popupClasses =
  "absolute z-10 mt-1 w-full rounded-lg border border-slate-200 bg-white text-sm shadow-lg";

/** The single city-and-college search box: an ARIA 1.2 combobox with a list of suggestions. */
export function CollegeCombobox({ value, onChange, onEdit }: CollegeComboboxProps) {
  const { data: options = [], isPending, isError, refetch } = useQuery(collegeOptionsQueryOptions);
  const [query, setQuery] = useState(value ? formatCollegeOption(value) : "");
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const statusId = `${baseId}-status`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const matches = useMemo(() => filterCollegeOptions(options, query), [options, query]);
  const isListShown = isOpen && matches.length > 0;

  useEffect(() => {
    if (isListShown && activeIndex >= 0) {
      document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
    }
  }, [isListShown, activeIndex, baseId]);

  function handleInput(raw: string) {
    const next = sanitiseWhileTyping(raw);
    setQuery(next);
    setIsOpen(true);
    setActiveIndex(-1);
    onEdit();
    // Text that no longer reads as the chosen college means no college is chosen.
    if (value && next !== formatCollegeOption(value)) onChange(null);
  }

  function select(option: CollegeOption) {
    onChange(option);
    setQuery(formatCollegeOption(option));
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!isOpen) setIsOpen(true);
        setActiveIndex((index) => Math.min(index + 1, last));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!isOpen) setIsOpen(true);
        setActiveIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case "Enter":
        if (isListShown && activeIndex >= 0 && matches[activeIndex]) {
          event.preventDefault();
          select(matches[activeIndex]);
        }
        break;
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          setIsOpen(false);
          setActiveIndex(-1);
        }
        break;
    }
  }

  function handleBlur() {
    setIsOpen(false);
    setActiveIndex(-1);
    // A chosen college keeps its own spelling; only free text is sanitised.
    if (!value) setQuery((current) => sanitiseField(current));
  }

  return (
    <div className="relative">
      <label htmlFor={inputId} className={labelClasses}>
        City and College
      </label>
      <input
        id={inputId}
        type="text"
        name="college-search"
        role="combobox"
        aria-expanded={isListShown}
        aria-controls={listboxId}
        aria-activedescendant={isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-autocomplete="list"
        aria-describedby={value ? statusId : undefined}
        autoComplete="off"
        placeholder="Search by college or city"
        value={query}
        onChange={(event) => handleInput(event.target.value)}
        onClick={() => setIsOpen(true)}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        className={inputClasses}
      />
      {/* Pressing on the list (options or its scrollbar) must not blur the input first. */}
      <div
        id={listboxId}
        role="listbox"
        aria-label="Colleges"
        hidden={!isListShown}
        onMouseDown={(event) => event.preventDefault()}
        className={`${popupClasses} max-h-56 overflow-y-auto py-1`}
      >
        {matches.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input (aria-activedescendant)
          <div
            key={`${option.city}|${option.college}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            tabIndex={-1}
            onClick={() => select(option)}
            onMouseMove={() => setActiveIndex(index)}
            className={`cursor-pointer px-3 py-2.5 ${index === activeIndex ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
          >
            {formatCollegeOption(option)}
          </div>
        ))}
      </div>
      {isOpen && !isListShown && !isError ? (
        <div role="status" className={`${popupClasses} px-3 py-2.5 text-slate-600`}>
          {isPending ? "Loading colleges..." : "No matches"}
        </div>
      ) : null}
      {isError ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          Could not load the college list.{" "}
          <button type="button" onClick={() => refetch()} className="font-semibold text-indigo-700 underline">
            Try again
          </button>
        </p>
      ) : null}
      {value ? (
        <p id={statusId} className="mt-1 text-xs text-slate-600">
          Selected: {value.college} ({value.city})
        </p>
      ) : null}
    </div>
  );
}
