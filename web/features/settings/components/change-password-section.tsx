import { SETTINGS_MESSAGES, validatePasswordChange } from "@shared/validation/settings";
import { type FormEvent, useState } from "react";
import { PasswordInput } from "../../../components/password-input/password-input";
import { primaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { ApiError } from "../../../lib/api";
import { type PasswordChange, useChangePassword } from "../api/change-password";
import { SettingsSection } from "./settings-section";

const EMPTY: PasswordChange = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Which message a failed change shows: the spec names the wrong-password case; 400s and 429s explain themselves. */
function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return SETTINGS_MESSAGES.passwordFailed;
  if (error.code === "wrong_password") return SETTINGS_MESSAGES.wrongPassword;
  if (error.status === 400 || error.status === 429) return error.message;
  return SETTINGS_MESSAGES.passwordFailed;
}

export function ChangePasswordSection({ onResult }: { onResult: ShowNotice }) {
  const [fields, setFields] = useState(EMPTY);
  const mutation = useChangePassword({
    onSuccess: () => {
      onResult("success", SETTINGS_MESSAGES.passwordChanged);
      setFields(EMPTY);
    },
    onError: (error) => onResult("error", messageOf(error)),
  });

  const field = (key: keyof PasswordChange) => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [key]: event.target.value })),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const message = validatePasswordChange(fields);
    if (message) {
      onResult("error", message);
      return;
    }
    mutation.mutate(fields);
  }

  return (
    <SettingsSection
      title="Change Password"
      description="Other devices signed in to your account are signed out after the change."
    >
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <PasswordInput
          label="Current Password"
          showLabel="Show current password"
          hideLabel="Hide current password"
          autoComplete="current-password"
          {...field("currentPassword")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordInput
            label="New Password"
            showLabel="Show new password"
            hideLabel="Hide new password"
            autoComplete="new-password"
            {...field("newPassword")}
          />
          <PasswordInput
            label="Confirm New Password"
            showLabel="Show confirm new password"
            hideLabel="Hide confirm new password"
            autoComplete="new-password"
            {...field("confirmPassword")}
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
