import type { Privacy } from "@shared/api/trust";
import {
  EMAIL_QUESTION,
  EMAIL_VISIBILITIES,
  EMAIL_VISIBILITY_LABELS,
  MOBILE_QUESTION,
  MOBILE_QUESTION_HINT,
  MOBILE_VISIBILITIES,
  MOBILE_VISIBILITY_LABELS,
  PRIVACY_HEADING,
  PRIVACY_SAVED,
} from "@shared/trust-constants";
import { type ReactNode, useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import { usePrivacy, useSavePrivacy } from "../api/privacy";
import { SettingsSection } from "./settings-section";

function Choices<T extends string>({
  legend,
  hint,
  name,
  options,
  labels,
  value,
  isBusy,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  isBusy: boolean;
  onChange: (value: T) => void;
}) {
  const hintId = useId();
  return (
    <fieldset aria-busy={isBusy || undefined} aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-indigo-700"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 'Privacy': who can see my mobile number and my e-mail address; each choice is saved at once. */
export function PrivacySection({ onResult }: { onResult: ShowNotice }) {
  const privacy = usePrivacy();
  const save = useSavePrivacy({
    onSuccess: () => onResult("success", PRIVACY_SAVED),
    onError: (error) => onResult("error", error.message),
  });

  let body: ReactNode;
  if (privacy.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" />
        Loading your privacy settings...
      </p>
    );
  } else if (privacy.isError) {
    body = (
      <Alert tone="error" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <span className="flex-1">Could not load your privacy settings.</span>
        <button type="button" onClick={() => void privacy.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  } else {
    const current = privacy.data.privacy;
    const change = (next: Partial<Privacy>) => {
      if (!save.isPending) save.mutate({ ...current, ...next });
    };
    body = (
      <div className="space-y-5">
        <Choices
          legend={MOBILE_QUESTION}
          hint={MOBILE_QUESTION_HINT}
          name="mobile-visibility"
          options={MOBILE_VISIBILITIES}
          labels={MOBILE_VISIBILITY_LABELS}
          value={current.mobileVisibility}
          isBusy={save.isPending}
          onChange={(mobileVisibility) => change({ mobileVisibility })}
        />
        <Choices
          legend={EMAIL_QUESTION}
          name="email-visibility"
          options={EMAIL_VISIBILITIES}
          labels={EMAIL_VISIBILITY_LABELS}
          value={current.emailVisibility}
          isBusy={save.isPending}
          onChange={(emailVisibility) => change({ emailVisibility })}
        />
      </div>
    );
  }
  return <SettingsSection title={PRIVACY_HEADING}>{body}</SettingsSection>;
}
