import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { ADMIN_FAILURES } from "../admin-texts";
import { useAddCollege } from "../api/add-college";
import { type DirectoryCollege, useDeleteCollege } from "../api/delete-college";
import { collegeDirectoryQueryOptions } from "../api/get-colleges";
import { useAdminNotice } from "./admin-notice";
import { CollegeAliasesSection } from "./college-aliases-section";
import { CollegeDomainsSection } from "./college-domains-section";
import { CollegeRequestsSection } from "./college-requests-section";
import { MeetupSpotsSection } from "./meetup-spots-section";
import { dangerButton, EmptyState, FormError, LoadError, LoadingState, PanelSection } from "./panel-states";

const loadAddCollegeFormSchema = () =>
  import("../form-schemas").then((schemas) => schemas.AddCollegeFormSchema);

function AddCollegeForm({ cities }: { cities: string[] }) {
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadAddCollegeFormSchema, {
    defaultValues: { city: "", college: "" },
  });
  const notify = useAdminNotice();
  const add = useAddCollege({
    onSuccess: (_, college) => {
      notify("success", `${college.college} (${college.city}) added.`);
      form.reset();
    },
  });

  return (
    <form
      onFocus={prepare}
      onSubmit={handleSubmit((body) => add.mutateAsync(body).then(() => undefined))}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
    >
      <FormError message={formError} className="sm:col-span-3" />
      <TextField
        label="City"
        list="admin-college-cities"
        required
        autoComplete="off"
        error={fieldError("city")}
        {...form.register("city")}
      />
      <datalist id="admin-college-cities">
        {cities.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      <TextField
        label="College"
        required
        autoComplete="off"
        error={fieldError("college")}
        {...form.register("college")}
      />
      {/* Level with the inputs, under their labels. */}
      <button type="submit" disabled={add.isPending} className={`${primaryButton} sm:mt-6`}>
        {add.isPending ? "Adding..." : "Add College"}
      </button>
    </form>
  );
}

/** Colleges: add to the directory and delete from it; the signup picker reads the same list. */
export function CollegesTab() {
  const directory = useQuery(collegeDirectoryQueryOptions);
  const notify = useAdminNotice();
  const remove = useDeleteCollege({
    onSuccess: (_, college) => notify("success", `${college.name} (${college.city}) deleted.`),
    onError: (error) => notify("error", ADMIN_FAILURES.deleteCollege(error.message)),
  });
  const { confirm, confirmDialog } = useConfirm();
  const [filter, setFilter] = useState("");

  async function handleDelete(college: DirectoryCollege) {
    const isConfirmed = await confirm({
      message: ADMIN_MESSAGES.confirmDeleteCollege,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (isConfirmed) remove.mutate(college);
  }
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
      <CollegeRequestsSection cities={cities} />
      <PanelSection title="Add College" titleId="admin-add-college-heading">
        <AddCollegeForm cities={cities.map((entry) => entry.city)} />
      </PanelSection>
      <CollegeAliasesSection cities={cities} />
      <CollegeDomainsSection cities={cities} />
      <MeetupSpotsSection cities={cities} />
      <PanelSection title="All Colleges" titleId="admin-all-colleges-heading">
        {directory.isPending ? (
          <LoadingState>Loading colleges...</LoadingState>
        ) : directory.isError ? (
          <LoadError onRetry={() => void directory.refetch()}>Could not load the colleges.</LoadError>
        ) : cities.length === 0 ? (
          <EmptyState>{ADMIN_MESSAGES.noColleges}</EmptyState>
        ) : (
          <>
            <TextField
              label="Filter colleges"
              type="search"
              placeholder="City or college name"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              className="mb-4 max-w-sm"
            />
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
                            onClick={() => void handleDelete({ ...college, city: entry.city })}
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
      {confirmDialog}
    </div>
  );
}
