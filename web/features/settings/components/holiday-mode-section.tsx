import type { User } from "@shared/api/auth";
import type { HolidayBody } from "@shared/api/profiles";
import { indiaToday, SETTINGS_MESSAGES } from "@shared/validation/settings";
import CalendarIcon from "lucide-react/icons/calendar";
import { useId } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import type { ShowNotice } from "../../../components/ui/notice";
import { ApiError } from "../../../lib/api";
import { useSetHolidayMode } from "../api/set-holiday-mode";
import { formatHolidayRange } from "../holiday-format";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SettingsSection } from "./settings-section";

const loadHolidaySchema = () => import("@shared/api/profiles").then((schemas) => schemas.HolidayBodySchema);

/**
 * Holiday Mode: while it is on and today is inside the range (both ends included), the
 * person's items are hidden from browse.
 */
export function HolidayModeSection({ user, onResult }: { user: User; onResult: ShowNotice }) {
  const holiday = user.holidayMode;
  const { form, submit, prepare, binding } = useSettingsForm(loadHolidaySchema, onResult, {
    defaultValues: {
      isActive: holiday.isActive,
      fromDate: holiday.fromDate ?? "",
      toDate: holiday.toDate ?? "",
    },
  });
  const isEnabled = form.watch("isActive");
  const checkboxId = useId();
  // Today in India, not in the browser's zone: the server judges the dates the same way.
  const today = indiaToday();

  const mutation = useSetHolidayMode({
    onSuccess: ({ user: updated }, body) => {
      onResult(
        "success",
        body.isActive ? SETTINGS_MESSAGES.holidayActivated : SETTINGS_MESSAGES.holidayDeactivated,
      );
      form.reset({
        isActive: updated.holidayMode.isActive,
        fromDate: updated.holidayMode.fromDate ?? "",
        toDate: updated.holidayMode.toDate ?? "",
      });
    },
    onError: (error) => {
      const isRefused = error instanceof ApiError && error.status === 400;
      onResult("error", isRefused ? error.message : SETTINGS_MESSAGES.holidayFailed);
    },
  });

  function save(body: HolidayBody) {
    if (!mutation.isPending) mutation.mutate(body);
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
      <form onFocus={prepare} onSubmit={submit(save)} noValidate className="grid gap-4">
        {binding}
        {/* The whole line takes the tap, not only the small box. */}
        <label
          htmlFor={checkboxId}
          className="flex min-h-11 cursor-pointer items-center gap-3 justify-self-start pr-2 text-sm font-medium text-slate-800"
        >
          <input
            id={checkboxId}
            type="checkbox"
            className="size-5 rounded border-slate-300 accent-indigo-700"
            {...form.register("isActive")}
          />
          Enable Holiday Mode
        </label>
        {isEnabled ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="From" type="date" min={today} {...form.register("fromDate")} />
            <TextField label="To" type="date" min={today} {...form.register("toDate")} />
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
