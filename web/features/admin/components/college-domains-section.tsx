import type { CollegesResponse } from "@shared/api/colleges";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import {
  collegeDomainsQueryOptions,
  useAddCollegeDomain,
  useRemoveCollegeDomain,
} from "../api/college-domains";
import { useAdminNotice } from "./admin-notice";
import { CollegeChoiceField, CollegeEntryRow, collegeNamesOf } from "./college-entries";
import { EmptyState, FormError, LoadError, LoadingState, PanelSection } from "./panel-states";

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
  const nameOf = collegeNamesOf(cities);
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
        <CollegeChoiceField cities={cities} value={collegeId} onChange={setCollegeId} error={collegeError} />
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
              <CollegeEntryRow
                key={entry.domain}
                shown={`@${entry.domain}`}
                entry={entry.domain}
                collegeName={nameOf.get(entry.collegeId) ?? ""}
                isRemoving={remove.isPending && remove.variables?.domain === entry.domain}
                onRemove={() => remove.mutate(entry)}
              />
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}
