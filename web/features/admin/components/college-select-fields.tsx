import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { collegeDirectoryQueryOptions } from "../api/get-colleges";

interface CollegeSelectFieldsProps {
  city: string;
  college: string;
  onChange: (value: { city: string; college: string }) => void;
  /** Which of the two the form's error is about, to mark it invalid. */
  invalidField?: "city" | "college" | null;
  errorId?: string;
  cityId?: string;
  collegeId?: string;
}

/** City, then College of that city, both from the directory. Choosing another city clears the college. */
export function CollegeSelectFields({
  city,
  college,
  onChange,
  invalidField = null,
  errorId,
  cityId,
  collegeId,
}: CollegeSelectFieldsProps) {
  const directory = useQuery(collegeDirectoryQueryOptions);
  const baseId = useId();
  const cityFieldId = cityId ?? `${baseId}-city`;
  const collegeFieldId = collegeId ?? `${baseId}-college`;
  const cities = [...(directory.data?.cities ?? [])].sort((a, b) => a.city.localeCompare(b.city));
  const colleges = [...(cities.find((entry) => entry.city === city)?.colleges ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const placeholder = directory.isPending ? "Loading..." : "Select a city";

  return (
    <>
      <div>
        <label htmlFor={cityFieldId} className={labelClasses}>
          City
        </label>
        <select
          id={cityFieldId}
          value={city}
          required
          aria-invalid={invalidField === "city" || undefined}
          aria-describedby={invalidField === "city" ? errorId : undefined}
          onChange={(event) => onChange({ city: event.target.value, college: "" })}
          className={inputClasses}
        >
          <option value="">{placeholder}</option>
          {cities.map((entry) => (
            <option key={entry.city} value={entry.city}>
              {entry.city}
            </option>
          ))}
        </select>
        {directory.isError ? (
          <p className="mt-1 text-xs text-red-700">
            Could not load the college list.{" "}
            <button
              type="button"
              onClick={() => void directory.refetch()}
              className="font-semibold text-indigo-700 underline"
            >
              Try again
            </button>
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={collegeFieldId} className={labelClasses}>
          College
        </label>
        <select
          id={collegeFieldId}
          value={college}
          required
          disabled={!city}
          aria-invalid={invalidField === "college" || undefined}
          aria-describedby={invalidField === "college" ? errorId : undefined}
          onChange={(event) => onChange({ city, college: event.target.value })}
          className={inputClasses}
        >
          <option value="">{city ? "Select a college" : "Choose a city first"}</option>
          {colleges.map((entry) => (
            <option key={entry.id} value={entry.name}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
