import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { PasswordInput } from "../../../components/password-input/password-input";
import { primaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { ApiError } from "../../../lib/api";
import { useChangePassword } from "../api/change-password";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SettingsSection } from "./settings-section";

const loadChangePasswordSchema = () =>
  import("@shared/api/profiles").then((schemas) => schemas.ChangePasswordBodySchema);

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Which message a failed change shows: the spec names the wrong-password case; 400s and 429s explain themselves. */
function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return SETTINGS_MESSAGES.passwordFailed;
  if (error.code === "wrong_password") return SETTINGS_MESSAGES.wrongPassword;
  if (error.status === 400 || error.status === 429) return error.message;
  return SETTINGS_MESSAGES.passwordFailed;
}

export function ChangePasswordSection({ onResult }: { onResult: ShowNotice }) {
  const { form, submit, prepare, binding } = useSettingsForm(loadChangePasswordSchema, onResult, {
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword({
    onSuccess: () => {
      onResult("success", SETTINGS_MESSAGES.passwordChanged);
      form.reset(EMPTY);
    },
    onError: (error) => onResult("error", messageOf(error)),
  });

  return (
    <SettingsSection
      title="Change Password"
      description="Other devices signed in to your account are signed out after the change."
    >
      <form
        onFocus={prepare}
        onSubmit={submit((change) => {
          if (!mutation.isPending) mutation.mutate(change);
        })}
        noValidate
        className="grid gap-4"
      >
        {binding}
        <PasswordInput
          label="Current Password"
          showLabel="Show current password"
          hideLabel="Hide current password"
          autoComplete="current-password"
          {...form.register("currentPassword")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordInput
            label="New Password"
            showLabel="Show new password"
            hideLabel="Hide new password"
            autoComplete="new-password"
            {...form.register("newPassword")}
          />
          <PasswordInput
            label="Confirm New Password"
            showLabel="Show confirm new password"
            hideLabel="Hide confirm new password"
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
        </div>
        <div>
          <button type="submit" disabled={mutation.isPending} className={primaryButton}>
            {mutation.isPending ? "Changing..." : "Change Password"}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
