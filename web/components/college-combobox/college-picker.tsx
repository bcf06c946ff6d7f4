import type { CollegeOption } from "@shared/colleges";
import X from "lucide-react/icons/x";
import { useRef } from "react";
import { inputClasses, labelClasses } from "../ui/field";
import { CollegeListbox } from "./college-listbox";
import { useCollegeCombobox } from "./use-college-combobox";

interface CollegePickerProps {
  label: string;
  /** What is chosen, as its chip reads ('IIT Bombay, Mumbai'); empty when nothing is. */
  value: string;
  onSelect: (option: CollegeOption) => void;
  onClear: () => void;
  className?: string;
}

/**
 * A college filter as an ARIA 1.2 combobox (the pattern of Browse's college filter): the box
 * only searches the directory (the server's search: any word, short names such as 'IITB'; arrows,
 * Enter, Escape); the choice shows as a chip
 * under it that can be removed, which means every college.
 */
export function CollegePicker({ label, value, onSelect, onClear, className = "" }: CollegePickerProps) {
  const combobox = useCollegeCombobox({ onSelect, isSearchedOnServer: true });
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenId = `${combobox.baseId}-chosen`;

  function handleClear() {
    onClear();
    inputRef.current?.focus();
  }

  return (
    <div className={`relative min-w-0 ${className}`}>
      <label htmlFor={combobox.inputId} className={labelClasses}>
        {label}
      </label>
      <input
        {...combobox.inputProps}
        ref={inputRef}
        type="text"
        aria-describedby={chosenId}
        placeholder={value ? "Change college" : "Search colleges or cities"}
        onChange={(event) => combobox.handleQueryChange(event.target.value)}
        onBlur={combobox.close}
        className={inputClasses}
      />
      <CollegeListbox combobox={combobox} layerClass="z-20" />
      <div className="mt-2 flex min-h-8 items-center">
        {value ? (
          <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm font-medium text-indigo-900">
            <span id={chosenId} className="truncate">
              {value}
            </span>
            <button
              type="button"
              aria-label={`Remove ${label.toLowerCase()} filter ${value}`}
              onClick={handleClear}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-indigo-100"
            >
              <X className="size-4" />
            </button>
          </span>
        ) : (
          <span id={chosenId} className="text-sm text-slate-600">
            All colleges
          </span>
        )}
      </div>
    </div>
  );
}
