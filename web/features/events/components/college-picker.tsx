import { type CollegeOption, filterCollegeOptions, formatCollegeOption } from "@shared/colleges";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { CloseIcon } from "../../../components/ui/icons";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { collegeOptionsQueryOptions } from "../../colleges/api/colleges-api";

interface CollegePickerProps {
  label: string;
  /** What is chosen, as its chip reads ('IIT Bombay, Mumbai'); empty when nothing is. */
  value: string;
  onSelect: (option: CollegeOption) => void;
  onClear: () => void;
  className?: string;
}

const popupClasses =
  "absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white text-sm shadow-lg";

/**
 * A college filter as an ARIA 1.2 combobox (the pattern of Browse's college filter): the box
 * only searches the directory (starts-with, arrows, Enter, Escape); the choice shows as a chip
 * under it that can be removed, which means every college.
 */
export function CollegePicker({ label, value, onSelect, onClear, className = "" }: CollegePickerProps) {
  const { data: options = [], isPending, isError, refetch } = useQuery(collegeOptionsQueryOptions);
  const [query, setQuery] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const matches = useMemo(() => filterCollegeOptions(options, query), [options, query]);
  const isListShown = isOpen && matches.length > 0;

  useEffect(() => {
    if (isListShown && activeIndex >= 0) {
      document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
    }
  }, [isListShown, activeIndex, baseId]);

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function select(option: CollegeOption) {
    onSelect(option);
    setQuery("");
    close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => Math.min(index + 1, last));
        break;
      case "ArrowUp":
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case "Enter":
        event.preventDefault();
        if (isListShown && activeIndex >= 0 && matches[activeIndex]) select(matches[activeIndex]);
        break;
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  function handleClear() {
    onClear();
    inputRef.current?.focus();
  }

  return (
    <div className={`relative min-w-0 ${className}`}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={isListShown}
        aria-controls={listboxId}
        aria-activedescendant={isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-autocomplete="list"
        aria-describedby={`${baseId}-chosen`}
        autoComplete="off"
        placeholder={value ? "Change college" : "Search colleges or cities"}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onClick={() => setIsOpen(true)}
        onKeyDown={handleKeyDown}
        onBlur={close}
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
      <div className="mt-2 flex min-h-8 items-center">
        {value ? (
          <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm font-medium text-indigo-900">
            <span id={`${baseId}-chosen`} className="truncate">
              {value}
            </span>
            <button
              type="button"
              aria-label={`Remove ${label.toLowerCase()} filter ${value}`}
              onClick={handleClear}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-indigo-100"
            >
              <CloseIcon className="size-4" />
            </button>
          </span>
        ) : (
          <span id={`${baseId}-chosen`} className="text-sm text-slate-600">
            All colleges
          </span>
        )}
      </div>
    </div>
  );
}
