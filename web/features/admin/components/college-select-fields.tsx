import { useQuery } from "@tanstack/react-query";
import type { Ref } from "react";
import { Field, inputClasses } from "../../../components/ui/field";
import { collegeDirectoryQueryOptions } from "../api/get-colleges";

interface CollegeSelectFieldsProps {
  city: string;
  college: string;
  onChange: (value: { city: string; college: string }) => void;
  cityError?: string;
  collegeError?: string;
  /** For the form to focus the first invalid one. */
  cityRef?: Ref<HTMLSelectElement>;
  collegeRef?: Ref<HTMLSelectElement>;
}

/** City, then College of that city, both from the directory. Choosing another city clears the college. */
export function CollegeSelectFields({
  city,
  college,
  onChange,
  cityError,
  collegeError,
  cityRef,
  collegeRef,
}: CollegeSelectFieldsProps) {
  const directory = useQuery(collegeDirectoryQueryOptions);
  const cities = [...(directory.data?.cities ?? [])].sort((a, b) => a.city.localeCompare(b.city));
  const colleges = [...(cities.find((entry) => entry.city === city)?.colleges ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const placeholder = directory.isPending ? "Loading..." : "Select a city";

  return (
    <>
      <div>
        <Field label="City" error={cityError}>
          {(control) => (
            <select
              {...control}
              ref={cityRef}
              value={city}
              required
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
          )}
        </Field>
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
      <Field label="College" error={collegeError}>
        {(control) => (
          <select
            {...control}
            ref={collegeRef}
            value={college}
            required
            disabled={!city}
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
        )}
      </Field>
    </>
  );
}
