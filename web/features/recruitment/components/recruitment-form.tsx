import type { RecruitmentInput, RecruitmentPost } from "@shared/api/recruitment";
import { ACADEMIC_YEARS, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from "@shared/recruitment-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { useEffect, useId, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import { useCreateRecruitmentPost } from "../api/create-recruitment-post";
import { useUpcomingEvents } from "../api/get-upcoming-events";
import { useUpdateRecruitmentPost } from "../api/update-recruitment-post";
import { TEAMMATE_TEXTS } from "../teammate-texts";

const loadRecruitmentSchema = () =>
  import("@shared/api/recruitment").then((schemas) => schemas.RecruitmentInputSchema);

interface RecruitmentFormProps {
  /** The post being edited; null to create one. */
  post: RecruitmentPost | null;
  onClose: () => void;
}

/** A new post starts with a team of one and no year ticked (any year); an edit with the post's values. */
function startingValues(post: RecruitmentPost | null): RecruitmentInput {
  if (!post) {
    return {
      purpose: "",
      maxStudents: TEAM_SIZE_MIN,
      event: "",
      qualities: "",
      years: [],
      description: "",
      eventId: null,
    };
  }
  return {
    purpose: post.purpose,
    maxStudents: post.maxStudents,
    event: post.event,
    qualities: post.qualities,
    years: ACADEMIC_YEARS.filter((year) => post.years.includes(year)),
    description: post.description,
    eventId: post.eventId,
  };
}

/** The server's own words when it refused the post for a reason; otherwise a short general note. */
function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404, 429].includes(error.status)) return error.message;
  return TEAMMATE_TEXTS.saveFailed;
}

/** Create or edit a recruitment post; checked here with the server's own schema and messages. */
export function RecruitmentForm({ post, onClose }: RecruitmentFormProps) {
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadRecruitmentSchema, {
    defaultValues: startingValues(post),
    serverErrorMessage: saveErrorMessage,
  });
  const { register } = form;
  const upcoming = useUpcomingEvents();
  const create = useCreateRecruitmentPost({ onSuccess: onClose });
  const update = useUpdateRecruitmentPost({ onSuccess: onClose });
  const isSaving = create.isPending || update.isPending;
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const yearsId = useId();
  const isEditing = post !== null;

  // Opening the form (or another post's edit) puts the reader at its first field, the form's
  // top in view below the sticky bar (so the focus itself does not scroll).
  useEffect(() => {
    const purpose = formRef.current?.elements.namedItem("purpose");
    if (purpose instanceof HTMLElement) purpose.focus({ preventScroll: true });
    formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, []);

  const save = handleSubmit(async (input) => {
    if (post) await update.mutateAsync({ id: post.id, input });
    else await create.mutateAsync(input);
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      onFocus={prepare}
      onSubmit={(event) => {
        if (isSaving) event.preventDefault();
        else void save(event);
      }}
      className="scroll-mt-20 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {isEditing ? "Edit Recruitment Post" : "Create Recruitment Post"}
      </h2>

      <Field label="Purpose" error={fieldError("purpose")} hint="For example: Smart India Hackathon team">
        {(control) => (
          <input
            {...control}
            {...register("purpose")}
            type="text"
            required
            maxLength={200}
            className={inputClasses}
          />
        )}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Team Size"
          error={fieldError("maxStudents")}
          hint={`Members you need, ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}`}
        >
          {(control) => (
            <input
              {...control}
              // An empty or unreadable size becomes NaN, which the schema refuses with the spec's message.
              {...register("maxStudents", { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              required
              min={TEAM_SIZE_MIN}
              max={TEAM_SIZE_MAX}
              step={1}
              className={inputClasses}
            />
          )}
        </Field>
        <Field label="Event" error={fieldError("event")} hint="Optional">
          {(control) => (
            <input {...control} {...register("event")} type="text" maxLength={200} className={inputClasses} />
          )}
        </Field>
      </div>

      <Field
        label={TEAM_MESSAGES.linkedEvent}
        error={fieldError("eventId")}
        hint="Optional: one of the upcoming events"
      >
        {(control) => (
          <select
            {...control}
            {...register("eventId", { setValueAs: (value) => value || null })}
            className={inputClasses}
          >
            <option value="">{TEAM_MESSAGES.noLinkedEvent}</option>
            {post?.eventId && post.eventTitle && !upcoming.data?.events.some((e) => e.id === post.eventId) ? (
              <option value={post.eventId}>{post.eventTitle}</option>
            ) : null}
            {upcoming.data?.events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title} ({event.date})
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field label="Skills Needed" error={fieldError("qualities")} hint="Optional, e.g. React, UI design, ML">
        {(control) => (
          <input
            {...control}
            {...register("qualities")}
            type="text"
            maxLength={1000}
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
          {ACADEMIC_YEARS.map((year) => (
            <label key={year} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                {...register("years")}
                type="checkbox"
                value={year}
                className="size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
              />
              {year}
            </label>
          ))}
        </div>
        {fieldError("years") ? <p className="mt-1 text-sm text-red-700">{fieldError("years")}</p> : null}
      </fieldset>

      <Field label="Description" error={fieldError("description")}>
        {(control) => (
          <textarea
            {...control}
            {...register("description")}
            required
            rows={4}
            maxLength={5000}
            className={inputClasses}
          />
        )}
      </Field>

      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" disabled={isSaving} className={primaryButton}>
          {isEditing ? (isSaving ? "Saving..." : "Save Changes") : isSaving ? "Posting..." : "Post"}
        </button>
      </div>
    </form>
  );
}
