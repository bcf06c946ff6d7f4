import type { User } from "@shared/api/auth";
import { canUpdateName, SETTINGS_MESSAGES, validateName } from "@shared/validation/settings";
import { type FormEvent, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api";
import { useUpdateName } from "../api/update-name";
import { SettingsSection } from "./settings-section";

export function UpdateNameSection({ user, onResult }: { user: User; onResult: ShowNotice }) {
  const [name, setName] = useState(user.name);
  const mutation = useUpdateName({
    onSuccess: ({ user: updated }) => {
      onResult("success", SETTINGS_MESSAGES.nameUpdated);
      setName(updated.name);
    },
    onError: (error) => {
      // A refused name (400) carries the rule it broke; anything else is the spec's plain failure.
      const isRefused = error instanceof ApiError && error.status === 400;
      onResult("error", isRefused ? error.message : SETTINGS_MESSAGES.nameFailed);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canUpdateName(user.name, name) || mutation.isPending) return;
    const message = validateName(name);
    if (message) {
      onResult("error", message);
      return;
    }
    mutation.mutate(name.trim());
  }

  return (
    <SettingsSection title="Update Name">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Full Name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="flex-1"
        />
        <button
          type="submit"
          disabled={!canUpdateName(user.name, name) || mutation.isPending}
          className={primaryButton}
        >
          {mutation.isPending ? "Updating..." : "Update Name"}
        </button>
      </form>
    </SettingsSection>
  );
}
