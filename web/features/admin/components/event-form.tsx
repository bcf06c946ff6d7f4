import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { CreateEventBodySchema } from "@shared/api/events";
import { EVENT_MESSAGES } from "@shared/events-constants";
import { type FormEvent, useId, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { createEvent, publicEventKeys } from "../api/admin-content-api";
import { useAdminAction } from "../hooks/use-admin-action";
import { CollegeSelectFields } from "./college-select-fields";

const EMPTY_FORM = {
  title: "",
  organizer: "",
  date: "",
  time: "",
  venue: "",
  description: "",
  city: "",
  college: "",
  image: "",
  registrationUrl: "",
};
type EventForm = typeof EMPTY_FORM;
type FieldName = keyof EventForm;

const TEXT_FIELDS: { name: FieldName; label: string; type: string; wide?: boolean }[] = [
  { name: "title", label: "Title", type: "text", wide: true },
  { name: "organizer", label: "Organizer", type: "text" },
  { name: "venue", label: "Venue", type: "text" },
  { name: "date", label: "Date", type: "date" },
  { name: "time", label: "Time", type: "time" },
];

/** The admin's event form: every field required, the registration URL only when its box is ticked. */
export function EventForm() {
  const [form, setForm] = useState<EventForm>(EMPTY_FORM);
  const [hasRegistration, setHasRegistration] = useState(false);
  const [error, setError] = useState<{ message: string; field: FieldName | null } | null>(null);
  const baseId = useId();
  const fieldId = (name: FieldName) => `${baseId}-${name}`;
  const errorId = `${baseId}-error`;

  const post = useAdminAction({
    run: createEvent,
    success: ADMIN_MESSAGES.eventPosted,
    alsoInvalidate: [publicEventKeys.all],
    onSuccess: () => {
      setForm(EMPTY_FORM);
      setHasRegistration(false);
      setError(null);
    },
  });

  function update(values: Partial<EventForm>) {
    setForm((current) => ({ ...current, ...values }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending) return;
    const body = {
      ...form,
      image: form.image.trim(),
      registrationUrl: hasRegistration ? form.registrationUrl.trim() : null,
    };
    if (hasRegistration && !body.registrationUrl) {
      return showError(EVENT_MESSAGES.required("Registration URL"), "registrationUrl");
    }
    const parsed = CreateEventBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return showError(issue?.message ?? "Please check the form.", (issue?.path[0] as FieldName) ?? null);
    }
    setError(null);
    post.mutate(parsed.data, { onError: (failure) => setError({ message: failure.message, field: null }) });
  }

  function showError(message: string, field: FieldName | null) {
    setError({ message, field });
    if (field) document.getElementById(fieldId(field))?.focus();
  }

  const invalidProps = (name: FieldName) =>
    error?.field === name ? { "aria-invalid": true, "aria-describedby": errorId } : {};

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:col-span-2"
        >
          {error.message}
        </p>
      ) : null}
      {TEXT_FIELDS.map((field) => (
        <div key={field.name} className={field.wide ? "sm:col-span-2" : ""}>
          <label htmlFor={fieldId(field.name)} className={labelClasses}>
            {field.label}
          </label>
          <input
            id={fieldId(field.name)}
            type={field.type}
            required
            value={form[field.name]}
            onChange={(event) => update({ [field.name]: event.target.value })}
            className={inputClasses}
            {...invalidProps(field.name)}
          />
        </div>
      ))}
      <CollegeSelectFields
        city={form.city}
        college={form.college}
        onChange={update}
        cityId={fieldId("city")}
        collegeId={fieldId("college")}
        errorId={errorId}
        invalidField={error?.field === "city" || error?.field === "college" ? error.field : null}
      />
      <div className="sm:col-span-2">
        <label htmlFor={fieldId("description")} className={labelClasses}>
          Description
        </label>
        <textarea
          id={fieldId("description")}
          required
          rows={4}
          value={form.description}
          onChange={(event) => update({ description: event.target.value })}
          className={inputClasses}
          {...invalidProps("description")}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fieldId("image")} className={labelClasses}>
          Image URL
        </label>
        <input
          id={fieldId("image")}
          type="url"
          inputMode="url"
          required
          placeholder="https://"
          value={form.image}
          onChange={(event) => update({ image: event.target.value })}
          className={inputClasses}
          {...invalidProps("image")}
        />
      </div>
      <div className="sm:col-span-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={hasRegistration}
            onChange={(event) => {
              setHasRegistration(event.target.checked);
              // Unticking clears the link, so a hidden value is never posted.
              if (!event.target.checked) update({ registrationUrl: "" });
            }}
            className="size-5 rounded border-slate-400 accent-indigo-700"
          />
          Add Registration URL
        </label>
        {hasRegistration ? (
          <div className="mt-2">
            <label htmlFor={fieldId("registrationUrl")} className={labelClasses}>
              Registration URL
            </label>
            <input
              id={fieldId("registrationUrl")}
              type="url"
              inputMode="url"
              required
              placeholder="https://"
              value={form.registrationUrl}
              onChange={(event) => update({ registrationUrl: event.target.value })}
              className={inputClasses}
              {...invalidProps("registrationUrl")}
            />
          </div>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" disabled={post.isPending} className={primaryButton}>
          {post.isPending ? "Posting..." : "Post Event"}
        </button>
      </div>
    </form>
  );
}
