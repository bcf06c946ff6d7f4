import type { CollegesResponse } from "@shared/api/colleges";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses, TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import {
  collegeDomainsQueryOptions,
  useAddCollegeDomain,
  useRemoveCollegeDomain,
} from "../api/college-domains";
import { useAdminNotice } from "./admin-notice";
import { dangerButton, EmptyState, FormError, LoadError, LoadingState, PanelSection } from "./panel-states";

const loadDomainSchema = () => import("../form-schemas").then((schemas) => schemas.CollegeDomainFormSchema);

/**
 * E-mail Domains: which addresses prove which college ('Verify your college'). A domain belongs
 * to at most one college; a subdomain such as smail.iitm.ac.in is its own entry.
 */
export function CollegeDomainsSection({ cities }: { cities: CollegesResponse["cities"] }) {
  const domains = useQuery(collegeDomainsQueryOptions);
  const notify = useAdminNotice();
  const [collegeId, setCollegeId] = useState("");
  const [collegeError, setCollegeError] = useState<string | undefined>();
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadDomainSchema, {
    defaultValues: { domain: "" },
  });
  const nameOf = new Map(
    cities.flatMap((entry) =>
      entry.colleges.map((college) => [college.id, `${college.name}, ${entry.city}`]),
    ),
  );
  const add = useAddCollegeDomain({
    onSuccess: (_, change) => {
      notify("success", `${change.domain} added to ${nameOf.get(change.collegeId) ?? "the college"}.`);
      form.reset();
    },
  });
  const remove = useRemoveCollegeDomain({
    onSuccess: (_, change) => notify("success", `${change.domain} removed.`),
    onError: (error) => notify("error", error.message),
  });

  return (
    <PanelSection title="College E-mail Domains" titleId="admin-college-domains-heading">
      <form
        onFocus={prepare}
        onSubmit={handleSubmit(({ domain }) => {
          if (!collegeId) {
            setCollegeError("Please choose a college.");
            return;
          }
          setCollegeError(undefined);
          return add.mutateAsync({ collegeId, domain }).then(() => undefined);
        })}
        noValidate
        className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
      >
        <FormError message={formError} className="sm:col-span-3" />
        <Field label="College" error={collegeError}>
          {(control) => (
            <select
              {...control}
              value={collegeId}
              onChange={(event) => setCollegeId(event.target.value)}
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
        <TextField
          label="Domain"
          placeholder="iitb.ac.in"
          autoComplete="off"
          autoCapitalize="none"
          error={fieldError("domain")}
          {...form.register("domain")}
        />
        <button type="submit" disabled={add.isPending} className={`${primaryButton} sm:mt-6`}>
          {add.isPending ? "Adding..." : "Add Domain"}
        </button>
      </form>
      <div className="mt-4">
        {domains.isPending ? (
          <LoadingState>Loading domains...</LoadingState>
        ) : domains.isError ? (
          <LoadError onRetry={() => void domains.refetch()}>Could not load the domains.</LoadError>
        ) : domains.data.domains.length === 0 ? (
          <EmptyState>No college has an e-mail domain yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {domains.data.domains.map((entry) => (
              <li
                key={entry.domain}
                className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                <span className="min-w-0 break-words">
                  <span className="font-medium text-slate-900">@{entry.domain}</span>{" "}
                  <span className="text-slate-600">{nameOf.get(entry.collegeId) ?? ""}</span>
                </span>
                <button
                  type="button"
                  disabled={remove.isPending && remove.variables?.domain === entry.domain}
                  onClick={() => remove.mutate(entry)}
                  className={`${dangerButton} shrink-0`}
                >
                  Remove
                  <span className="sr-only"> {entry.domain}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}
