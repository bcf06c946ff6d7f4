import type { RecruitmentPost } from "@shared/api/recruitment";
import { ACADEMIC_YEARS, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from "@shared/recruitment-constants";
import { useEffect, useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Field } from "../../../components/ui/field";
import { inputClasses } from "../../../components/ui/text-field";
import { useRecruitmentForm } from "../hooks/use-recruitment-form";
import { toggleYear } from "../recruitment-form-state";

interface RecruitmentFormProps {
  /** The post being edited; null to create one. */
  post: RecruitmentPost | null;
  onClose: () => void;
}

/** Create or edit a recruitment post; checked here with the server's own rules and messages. */
export function RecruitmentForm({ post, onClose }: RecruitmentFormProps) {
  const form = useRecruitmentForm(post, onClose);
  const { fields, errors, setField } = form;
  const headingId = useId();
  const yearsId = useId();
  const isEditing = post !== null;

  // Opening the form (or another post's edit) puts the reader at its first field.
  useEffect(() => {
    form.formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    form.formRef.current
      ?.querySelector<HTMLElement>('[data-field="purpose"]')
      ?.focus({ preventScroll: true });
  }, [form.formRef]);

  return (
    <form
      ref={form.formRef}
      noValidate
      aria-labelledby={headingId}
      onSubmit={form.handleSubmit}
      className="scroll-mt-20 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {isEditing ? "Edit Recruitment Post" : "Create Recruitment Post"}
      </h2>

      <Field label="Purpose" error={errors.purpose} hint="For example: Smart India Hackathon team">
        {(control) => (
          <input
            {...control}
            data-field="purpose"
            type="text"
            required
            maxLength={200}
            value={fields.purpose}
            onChange={(event) => setField("purpose", event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Team Size"
          error={errors.teamSize}
          hint={`Members you need, ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}`}
        >
          {(control) => (
            <input
              {...control}
              data-field="teamSize"
              type="number"
              inputMode="numeric"
              required
              min={TEAM_SIZE_MIN}
              max={TEAM_SIZE_MAX}
              step={1}
              value={fields.teamSize}
              onChange={(event) => setField("teamSize", event.target.value)}
              className={inputClasses}
            />
          )}
        </Field>
        <Field label="Event" error={errors.event} hint="Optional">
          {(control) => (
            <input
              {...control}
              data-field="event"
              type="text"
              maxLength={200}
              value={fields.event}
              onChange={(event) => setField("event", event.target.value)}
              className={inputClasses}
            />
          )}
        </Field>
      </div>

      <Field label="Skills Needed" error={errors.skills} hint="Optional, e.g. React, UI design, ML">
        {(control) => (
          <input
            {...control}
            data-field="skills"
            type="text"
            maxLength={1000}
            value={fields.skills}
            onChange={(event) => setField("skills", event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>

      <fieldset aria-describedby={`${yearsId}-hint`}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Academic Years</legend>
        <p id={`${yearsId}-hint`} className="mb-2 text-xs text-slate-600">
          None ticked means any year.
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {ACADEMIC_YEARS.map((year, index) => (
            <label key={year} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="years"
                value={year}
                data-field={index === 0 ? "years" : undefined}
                checked={fields.years.includes(year)}
                onChange={(event) => setField("years", toggleYear(fields.years, year, event.target.checked))}
                className="size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
              />
              {year}
            </label>
          ))}
        </div>
        {errors.years ? <p className="mt-1 text-sm text-red-700">{errors.years}</p> : null}
      </fieldset>

      <Field label="Description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            data-field="description"
            required
            rows={4}
            maxLength={5000}
            value={fields.description}
            onChange={(event) => setField("description", event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>

      {form.saveError ? <Alert tone="error">{form.saveError}</Alert> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" disabled={form.isSaving} className={primaryButton}>
          {isEditing ? (form.isSaving ? "Saving..." : "Save Changes") : form.isSaving ? "Posting..." : "Post"}
        </button>
      </div>
    </form>
  );
}
