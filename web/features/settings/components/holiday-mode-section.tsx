import type { User } from "@shared/api/auth";
import type { HolidayBody } from "@shared/api/profiles";
import { indiaToday, SETTINGS_MESSAGES, validateHolidayDates } from "@shared/validation/settings";
import { CalendarIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api";
import { useSetHolidayMode } from "../api/set-holiday-mode";
import { formatHolidayRange } from "../holiday-format";
import { SettingsSection } from "./settings-section";

/**
 * Holiday Mode: while it is on and today is inside the range (both ends included), the
 * person's items are hidden from browse.
 */
export function HolidayModeSection({ user, onResult }: { user: User; onResult: ShowNotice }) {
  const holiday = user.holidayMode;
  const [isEnabled, setIsEnabled] = useState(holiday.isActive);
  const [fromDate, setFromDate] = useState(holiday.fromDate ?? "");
  const [toDate, setToDate] = useState(holiday.toDate ?? "");
  const checkboxId = useId();
  // Today in India, not in the browser's zone: the server judges the dates the same way.
  const today = indiaToday();

  const mutation = useSetHolidayMode({
    onSuccess: ({ user: updated }, body) => {
      onResult(
        "success",
        body.isActive ? SETTINGS_MESSAGES.holidayActivated : SETTINGS_MESSAGES.holidayDeactivated,
      );
      setIsEnabled(updated.holidayMode.isActive);
      setFromDate(updated.holidayMode.fromDate ?? "");
      setToDate(updated.holidayMode.toDate ?? "");
    },
    onError: (error) => {
      const isRefused = error instanceof ApiError && error.status === 400;
      onResult("error", isRefused ? error.message : SETTINGS_MESSAGES.holidayFailed);
    },
  });

  function save(body: HolidayBody) {
    if (!mutation.isPending) mutation.mutate(body);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isEnabled) {
      save({ isActive: false });
      return;
    }
    const message = validateHolidayDates(fromDate, toDate, today);
    if (message) {
      onResult("error", message);
      return;
    }
    save({ isActive: true, fromDate, toDate });
  }

  return (
    <SettingsSection
      title="Holiday Mode"
      description="Going home or away for a while? Your items are hidden from the marketplace between these dates, both days included."
    >
      {holiday.isActive ? (
        <div className="mb-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center">
          <CalendarIcon className="size-6 shrink-0" />
          <div className="flex-1">
            <p className="font-semibold">{SETTINGS_MESSAGES.holidayActive}</p>
            <p className="text-sm">{formatHolidayRange(holiday.fromDate, holiday.toDate)}</p>
          </div>
          <button
            type="button"
            disabled={mutation.isPending}
            onClick={() => save({ isActive: false })}
            className={secondaryButton}
          >
            Turn Off Holiday Mode
          </button>
        </div>
      ) : null}
      <form onSubmit={handleSubmit} noValidate className="grid gap-4">
        <div className="flex min-h-11 items-center gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={isEnabled}
            onChange={(event) => setIsEnabled(event.target.checked)}
            className="size-5 rounded border-slate-300 accent-indigo-700"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
            Enable Holiday Mode
          </label>
        </div>
        {isEnabled ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="From"
              type="date"
              min={today}
              value={fromDate}
              onChange={(event) => setFromDate(event.target.value)}
            />
            <TextField
              label="To"
              type="date"
              min={today}
              value={toDate}
              onChange={(event) => setToDate(event.target.value)}
            />
          </div>
        ) : null}
        <div>
          <button type="submit" disabled={mutation.isPending} className={primaryButton}>
            {mutation.isPending ? "Saving..." : "Save Holiday Mode"}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
