import type { NotificationSettings } from "@shared/api/push";
import { PUSH_PROMPT_TEXTS } from "@shared/push-constants";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { Spinner } from "../../../components/ui/spinner";
import {
  currentPushState,
  type PushState,
  turnPushOff,
  turnPushOn,
  useNotificationSettings,
  useSaveNotificationSettings,
} from "../api/notifications";
import { SettingsSection } from "./settings-section";

type PushKind = Exclude<keyof NotificationSettings, "emailDigest">;

const KINDS: { key: PushKind; label: string }[] = [
  { key: "pushMessages", label: "Messages and offers" },
  { key: "pushDeals", label: "Deal updates" },
  { key: "pushAdmin", label: "Admin notices" },
  { key: "pushEvents", label: "Event reminders" },
];

const PUSH_STATE_TEXT: Partial<Record<PushState, string>> = {
  unsupported:
    "This browser can't receive push notifications. Add Campus Bazaar to your home screen, or use Chrome, Edge or Firefox.",
  blocked: PUSH_PROMPT_TEXTS.blocked,
};

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg px-1 text-sm text-slate-800">
      {label}
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-indigo-700"
      />
    </label>
  );
}

/**
 * 'Notifications': pushes on this device (the browser's permission is asked only when the student
 * turns them on), which kinds are pushed, and the e-mail about unread messages.
 */
export function NotificationsSection({ onResult }: { onResult: ShowNotice }) {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings({
    onSuccess: () => onResult("success", "Notification settings saved."),
    onError: (error) => onResult("error", error.message),
  });
  const [pushState, setPushState] = useState<PushState | null>(null);
  const [isSwitching, setIsSwitching] = useState(false);
  const isOnServer = settings.data?.pushOnThisDevice;
  useEffect(() => {
    if (isOnServer === undefined) return;
    currentPushState(isOnServer).then(setPushState, () => setPushState("unsupported"));
  }, [isOnServer]);

  const switchPush = async (on: boolean) => {
    setIsSwitching(true);
    try {
      const next = await (on ? turnPushOn() : turnPushOff());
      setPushState(next);
      if (next === "on") onResult("success", "Push notifications are on for this device.");
      else if (!on) onResult("success", "Push notifications are off for this device.");
      void settings.refetch();
    } catch (error) {
      onResult("error", error instanceof Error ? error.message : "Could not change push notifications.");
    } finally {
      setIsSwitching(false);
    }
  };

  if (settings.isPending) {
    return (
      <SettingsSection title="Notifications">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" />
          Loading your notification settings...
        </p>
      </SettingsSection>
    );
  }
  if (settings.isError) {
    return (
      <SettingsSection title="Notifications">
        <Alert tone="error" className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <span className="flex-1">Could not load your notification settings.</span>
          <button type="button" onClick={() => void settings.refetch()} className={secondaryButton}>
            Try again
          </button>
        </Alert>
      </SettingsSection>
    );
  }
  const current = settings.data.settings;
  const change = (next: Partial<NotificationSettings>) => {
    if (!save.isPending) save.mutate(next);
  };
  // Until the service worker is ready this device's answer is unknown: the switch waits, and says so.
  const isChecking = pushState === null;
  const state = pushState ?? "off";
  const stateText = isChecking ? PUSH_PROMPT_TEXTS.checking : PUSH_STATE_TEXT[state];
  return (
    <SettingsSection
      title="Notifications"
      description="Get a notification on your phone or computer when the app is closed."
    >
      <div className="space-y-4">
        <div>
          <Toggle
            label="Push notifications on this device"
            checked={state === "on"}
            disabled={isSwitching || isChecking || state === "unsupported" || state === "blocked"}
            onChange={(on) => void switchPush(on)}
          />
          {stateText ? (
            <p role={isChecking ? "status" : undefined} className="mt-1 text-sm text-slate-600">
              {stateText}
            </p>
          ) : null}
        </div>
        <fieldset aria-busy={save.isPending || undefined} className="border-t border-slate-200 pt-3">
          <legend className="pt-3 text-sm font-medium text-slate-900">Push me about</legend>
          {KINDS.map(({ key, label }) => (
            <Toggle
              key={key}
              label={label}
              checked={current[key]}
              disabled={save.isPending}
              onChange={(checked) => change({ [key]: checked })}
            />
          ))}
          <p className="px-1 text-xs text-slate-600">
            With 'Event reminders' off, no reminders come in Notifications either.
          </p>
        </fieldset>
        <div className="border-t border-slate-200 pt-3">
          <Toggle
            label="E-mail me about unread messages when push is off"
            checked={current.emailDigest}
            disabled={save.isPending}
            onChange={(emailDigest) => change({ emailDigest })}
          />
        </div>
      </div>
    </SettingsSection>
  );
}
