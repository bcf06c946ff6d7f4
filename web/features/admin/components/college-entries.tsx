import type { CollegesResponse } from "@shared/api/colleges";
import { Field, inputClasses } from "../../../components/ui/field";
import { dangerButton } from "./panel-states";

type Cities = CollegesResponse["cities"];

/** "College, City" by the college's id, as the Colleges tab's sections name a college. */
export function collegeNamesOf(cities: Cities): Map<string, string> {
  return new Map(
    cities.flatMap((entry) =>
      entry.colleges.map((college) => [college.id, `${college.name}, ${entry.city}`]),
    ),
  );
}

interface CollegeChoiceFieldProps {
  cities: Cities;
  value: string;
  onChange: (collegeId: string) => void;
  error?: string;
}

/** 'College': one college of the directory, grouped by city (a section's entries belong to it). */
export function CollegeChoiceField({ cities, value, onChange, error }: CollegeChoiceFieldProps) {
  return (
    <Field label="College" error={error}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses}
        >
          <option value="">Choose a college</option>
          {cities.map((entry) => (
            <optgroup key={entry.city} label={entry.city}>
              {entry.colleges.map((college) => (
                <option key={college.id} value={college.id}>
                  {college.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}

interface CollegeEntryRowProps {
  /** The entry as the list shows it ('@iitb.ac.in', 'IITB'). */
  shown: string;
  /** Read after 'Remove' by a screen reader. */
  entry: string;
  collegeName: string;
  isRemoving: boolean;
  onRemove: () => void;
}

/** One college's entry (a domain, a short name) with its college and 'Remove'. */
export function CollegeEntryRow({ shown, entry, collegeName, isRemoving, onRemove }: CollegeEntryRowProps) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
      <span className="min-w-0 break-words">
        <span className="font-medium text-slate-900">{shown}</span>{" "}
        <span className="text-slate-600">{collegeName}</span>
      </span>
      <button type="button" disabled={isRemoving} onClick={onRemove} className={`${dangerButton} shrink-0`}>
        Remove
        <span className="sr-only"> {entry}</span>
      </button>
    </li>
  );
}
