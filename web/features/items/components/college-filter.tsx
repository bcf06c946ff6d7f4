import XIcon from "lucide-react/icons/x";
import { useRef } from "react";
import { CollegeListbox } from "../../../components/college-combobox/college-listbox";
import { useCollegeCombobox } from "../../../components/college-combobox/use-college-combobox";
import { inputClasses, labelClasses } from "../../../components/ui/field";

interface CollegeFilterProps {
  /** The chosen college; empty for every college. */
  value: string;
  onChange: (college: string) => void;
  className?: string;
}

/**
 * Browse's college filter: the same ARIA 1.2 combobox pattern as the signup picker (the server's
 * any-word and short-name suggestions, arrows, Enter, Escape, "No matches"), but the box is only for searching; the
 * chosen college shows as a removable chip under it.
 */
export function CollegeFilter({ value, onChange, className = "" }: CollegeFilterProps) {
  const combobox = useCollegeCombobox({
    onSelect: (option) => onChange(option.college),
    isSearchedOnServer: true,
  });
  const inputRef = useRef<HTMLInputElement>(null);

  function handleRemove() {
    onChange("");
    inputRef.current?.focus();
  }

  return (
    <div className={`relative min-w-0 ${className}`}>
      <label htmlFor={combobox.inputId} className={labelClasses}>
        Filter by college
      </label>
      <input
        {...combobox.inputProps}
        ref={inputRef}
        type="text"
        name="college-filter"
        placeholder={value ? "Change college" : "Search colleges"}
        onChange={(event) => combobox.handleQueryChange(event.target.value)}
        onBlur={combobox.close}
        className={inputClasses}
      />
      <CollegeListbox combobox={combobox} layerClass="z-20" />
      {value ? (
        <div className="mt-2 flex">
          <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm font-medium text-indigo-900">
            <span className="truncate">{value}</span>
            <button
              type="button"
              aria-label={`Remove college filter ${value}`}
              onClick={handleRemove}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-indigo-100"
            >
              <XIcon className="size-4" />
            </button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
