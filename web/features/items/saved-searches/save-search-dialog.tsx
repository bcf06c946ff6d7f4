import type { Category } from "@shared/constants";
import { LISTING_TEXTS, SAVED_SEARCH_NAME_MAX_LENGTH } from "@shared/listing-texts";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Dialog } from "../../../components/ui/dialog";
import { DialogActions, DialogDone } from "../../../components/ui/dialog-actions";
import { Field, inputClasses } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { useSaveSearch } from "../api/saved-searches";

const loadSchema = () => import("./save-search-schema").then((schemas) => schemas.SaveSearchFormSchema);

interface SaveSearchDialogProps {
  filters: { search: string; category: "all" | Category; college: string };
  onClose: () => void;
}

/** 'Save Search': the current search, category and college under a name (the search by default). */
export function SaveSearchDialog({ filters, onClose }: SaveSearchDialogProps) {
  const save = useSaveSearch();
  const [isSaved, setIsSaved] = useState(false);
  const { form, fieldError, formError, handleSubmit, setServerError, prepare } = useZodForm(loadSchema, {
    defaultValues: { name: filters.search },
  });

  const submit = handleSubmit(async (values) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ ...filters, name: values.name.trim() });
      setIsSaved(true);
    } catch (error) {
      setServerError(error);
    }
  });

  const summary = [
    filters.search ? `"${filters.search}"` : null,
    filters.category === "all" ? null : filters.category,
    filters.college || null,
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <Dialog title={LISTING_TEXTS.saveSearch} description={summary} onClose={onClose}>
      {isSaved ? (
        <DialogDone message={LISTING_TEXTS.savedSearchSaved} onClose={onClose} />
      ) : (
        <form onFocus={prepare} onSubmit={submit} noValidate className="mt-4 space-y-4">
          <Field label="Name" hint="Optional; the search by default." error={fieldError("name")}>
            {(control) => (
              <input
                {...control}
                {...form.register("name")}
                type="text"
                maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
                className={inputClasses}
              />
            )}
          </Field>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <DialogActions
            onCancel={onClose}
            submitLabel={save.isPending ? "Saving..." : LISTING_TEXTS.saveSearch}
            isSubmitting={save.isPending}
          />
        </form>
      )}
    </Dialog>
  );
}
