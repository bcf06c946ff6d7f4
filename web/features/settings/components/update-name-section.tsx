import type { User } from "@shared/api/auth";
import { canUpdateName, SETTINGS_MESSAGES } from "@shared/validation/settings";
import { primaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import type { ShowNotice } from "../../../components/ui/notice";
import { ApiError } from "../../../lib/api";
import { useUpdateName } from "../api/update-name";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SettingsSection } from "./settings-section";

const loadUpdateNameSchema = () =>
  import("@shared/api/profiles").then((schemas) => schemas.UpdateNameBodySchema);

export function UpdateNameSection({ user, onResult }: { user: User; onResult: ShowNotice }) {
  const { form, submit, invalid, prepare, binding } = useSettingsForm(loadUpdateNameSchema, onResult, {
    defaultValues: { name: user.name },
  });
  const mutation = useUpdateName({
    onSuccess: ({ user: updated }) => {
      onResult("success", SETTINGS_MESSAGES.nameUpdated);
      form.reset({ name: updated.name });
    },
    onError: (error) => {
      // A refused name (400) carries the rule it broke; anything else is the spec's plain failure.
      const isRefused = error instanceof ApiError && error.status === 400;
      onResult("error", isRefused ? error.message : SETTINGS_MESSAGES.nameFailed);
    },
  });
  const canSave = canUpdateName(user.name, form.watch("name")) && !mutation.isPending;

  return (
    <SettingsSection title="Update Name">
      <form
        onFocus={prepare}
        onSubmit={submit(({ name }) => {
          if (canSave) mutation.mutate(name.trim());
        })}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        {binding}
        <TextField
          label="Full Name"
          autoComplete="name"
          aria-invalid={invalid("name")}
          className="flex-1"
          {...form.register("name")}
        />
        <button type="submit" disabled={!canSave} className={primaryButton}>
          {mutation.isPending ? "Updating..." : "Update Name"}
        </button>
      </form>
    </SettingsSection>
  );
}
