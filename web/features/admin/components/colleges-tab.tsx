import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { ADMIN_FAILURES } from "../admin-texts";
import {
  addCollege,
  collegeDirectoryQueryOptions,
  collegeKeys,
  deleteCollege,
} from "../api/admin-content-api";
import { confirmAction, useAdminAction } from "../hooks/use-admin-action";
import { dangerButton, EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";

function AddCollegeForm({ cities }: { cities: string[] }) {
  const [form, setForm] = useState({ city: "", college: "" });
  const [error, setError] = useState<string | null>(null);
  const add = useAdminAction({
    run: addCollege,
    success: (input) => `${input.college} (${input.city}) added.`,
    alsoInvalidate: [collegeKeys.all],
    onSuccess: () => setForm({ city: "", college: "" }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const body = { city: form.city.trim(), college: form.college.trim() };
    if (!body.city || !body.college) {
      setError(ADMIN_MESSAGES.collegeRequired);
      document.getElementById(body.city ? "admin-college-name" : "admin-college-city")?.focus();
      return;
    }
    setError(null);
    add.mutate(body, { onError: (failure) => setError(failure.message) });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
      {error ? (
        <p
          id="admin-college-error"
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:col-span-3"
        >
          {error}
        </p>
      ) : null}
      <div>
        <label htmlFor="admin-college-city" className={labelClasses}>
          City
        </label>
        <input
          id="admin-college-city"
          type="text"
          list="admin-college-cities"
          required
          autoComplete="off"
          value={form.city}
          onChange={(event) => setForm((current) => ({ ...current, city: event.target.value }))}
          aria-describedby={error ? "admin-college-error" : undefined}
          className={inputClasses}
        />
        <datalist id="admin-college-cities">
          {cities.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor="admin-college-name" className={labelClasses}>
          College
        </label>
        <input
          id="admin-college-name"
          type="text"
          required
          autoComplete="off"
          value={form.college}
          onChange={(event) => setForm((current) => ({ ...current, college: event.target.value }))}
          aria-describedby={error ? "admin-college-error" : undefined}
          className={inputClasses}
        />
      </div>
      <button type="submit" disabled={add.isPending} className={primaryButton}>
        {add.isPending ? "Adding..." : "Add College"}
      </button>
    </form>
  );
}

/** Colleges: add to the directory and delete from it; the signup picker reads the same list. */
export function CollegesTab() {
  const directory = useQuery(collegeDirectoryQueryOptions);
  const remove = useAdminAction({
    run: (college: { id: string; name: string; city: string }) => deleteCollege(college.id),
    success: (college) => `${college.name} (${college.city}) deleted.`,
    failure: ADMIN_FAILURES.deleteCollege,
    alsoInvalidate: [collegeKeys.all],
  });
  const [filter, setFilter] = useState("");
  const cities = [...(directory.data?.cities ?? [])]
    .filter((entry) => entry.colleges.length > 0)
    .sort((a, b) => a.city.localeCompare(b.city));
  // The directory runs to hundreds of colleges: a filter finds one to delete.
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? cities
        .map((entry) =>
          entry.city.toLowerCase().includes(needle)
            ? entry
            : { ...entry, colleges: entry.colleges.filter((c) => c.name.toLowerCase().includes(needle)) },
        )
        .filter((entry) => entry.colleges.length > 0)
    : cities;

  return (
    <div className="space-y-6">
      <PanelSection title="Add College" titleId="admin-add-college-heading">
        <AddCollegeForm cities={cities.map((entry) => entry.city)} />
      </PanelSection>
      <PanelSection title="All Colleges" titleId="admin-all-colleges-heading">
        {directory.isPending ? (
          <LoadingState>Loading colleges...</LoadingState>
        ) : directory.isError ? (
          <LoadError onRetry={() => void directory.refetch()}>Could not load the colleges.</LoadError>
        ) : cities.length === 0 ? (
          <EmptyState>{ADMIN_MESSAGES.noColleges}</EmptyState>
        ) : (
          <>
            <div className="mb-4 max-w-sm">
              <label htmlFor="admin-college-filter" className={labelClasses}>
                Filter colleges
              </label>
              <input
                id="admin-college-filter"
                type="search"
                placeholder="City or college name"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                className={inputClasses}
              />
            </div>
            {shown.length === 0 ? <EmptyState>No college matches this filter.</EmptyState> : null}
            <div className="grid items-start gap-4 md:grid-cols-2">
              {shown.map((entry) => (
                <div key={entry.city} className="rounded-lg border border-slate-200 p-4">
                  <h3 className="font-semibold text-slate-900">
                    {entry.city}{" "}
                    <span className="text-sm font-normal text-slate-600">({entry.colleges.length})</span>
                  </h3>
                  <ul className="mt-2 divide-y divide-slate-100">
                    {[...entry.colleges]
                      .sort((a, b) => a.name.localeCompare(b.name))
                      .map((college) => (
                        <li key={college.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                          <span className="min-w-0 break-words text-slate-800">{college.name}</span>
                          <button
                            type="button"
                            onClick={() => {
                              if (confirmAction(ADMIN_MESSAGES.confirmDeleteCollege)) {
                                remove.mutate({ ...college, city: entry.city });
                              }
                            }}
                            disabled={remove.isPending && remove.variables?.id === college.id}
                            className={`${dangerButton} shrink-0`}
                          >
                            Delete
                            <span className="sr-only">
                              {" "}
                              {college.name}, {entry.city}
                            </span>
                          </button>
                        </li>
                      ))}
                  </ul>
                </div>
              ))}
            </div>
          </>
        )}
      </PanelSection>
    </div>
  );
}
