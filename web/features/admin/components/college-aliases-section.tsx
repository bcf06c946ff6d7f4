import type { CollegesResponse } from "@shared/api/colleges";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import {
  collegeAliasesQueryOptions,
  useAddCollegeAlias,
  useRemoveCollegeAlias,
} from "../api/college-aliases";
import { useAdminNotice } from "./admin-notice";
import { CollegeChoiceField, CollegeEntryRow, collegeNamesOf } from "./college-entries";
import { EmptyState, FormError, LoadError, LoadingState, PanelSection } from "./panel-states";

const loadAliasSchema = () => import("../form-schemas").then((schemas) => schemas.CollegeAliasFormSchema);

/**
 * Short names: what students call a college ('IITB', 'DU', 'NIT Trichy'); the sign-up picker
 * finds the college by them, after names that start with or contain what was typed.
 */
export function CollegeAliasesSection({ cities }: { cities: CollegesResponse["cities"] }) {
  const aliases = useQuery(collegeAliasesQueryOptions);
  const notify = useAdminNotice();
  const [collegeId, setCollegeId] = useState("");
  const [collegeError, setCollegeError] = useState<string | undefined>();
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadAliasSchema, {
    defaultValues: { alias: "" },
  });
  const nameOf = collegeNamesOf(cities);
  const add = useAddCollegeAlias({
    onSuccess: (_, change) => {
      notify("success", `${change.alias} added to ${nameOf.get(change.collegeId) ?? "the college"}.`);
      form.reset();
    },
  });
  const remove = useRemoveCollegeAlias({
    onSuccess: (_, change) => notify("success", `${change.alias} removed.`),
    onError: (error) => notify("error", error.message),
  });

  return (
    <PanelSection title="College Short Names" titleId="admin-college-aliases-heading">
      <form
        onFocus={prepare}
        onSubmit={handleSubmit(({ alias }) => {
          if (!collegeId) {
            setCollegeError("Please choose a college.");
            return;
          }
          setCollegeError(undefined);
          return add.mutateAsync({ collegeId, alias }).then(() => undefined);
        })}
        noValidate
        className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
      >
        <FormError message={formError} className="sm:col-span-3" />
        <CollegeChoiceField cities={cities} value={collegeId} onChange={setCollegeId} error={collegeError} />
        <TextField
          label="Short name"
          placeholder="IITB"
          autoComplete="off"
          autoCapitalize="none"
          error={fieldError("alias")}
          {...form.register("alias")}
        />
        <button type="submit" disabled={add.isPending} className={`${primaryButton} sm:mt-6`}>
          {add.isPending ? "Adding..." : "Add Short Name"}
        </button>
      </form>
      <div className="mt-4">
        {aliases.isPending ? (
          <LoadingState>Loading short names...</LoadingState>
        ) : aliases.isError ? (
          <LoadError onRetry={() => void aliases.refetch()}>Could not load the short names.</LoadError>
        ) : aliases.data.aliases.length === 0 ? (
          <EmptyState>No college has a short name yet.</EmptyState>
        ) : (
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {aliases.data.aliases.map((entry) => (
              <CollegeEntryRow
                key={`${entry.collegeId}|${entry.alias}`}
                shown={entry.alias}
                entry={entry.alias}
                collegeName={nameOf.get(entry.collegeId) ?? ""}
                isRemoving={
                  remove.isPending &&
                  remove.variables?.alias === entry.alias &&
                  remove.variables.collegeId === entry.collegeId
                }
                onRemove={() => remove.mutate(entry)}
              />
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}
