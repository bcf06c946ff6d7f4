import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { primaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses, TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { useCreateEvent } from "../api/create-event";
import { useAdminNotice } from "./admin-notice";
import { CollegeSelectFields } from "./college-select-fields";
import { FormError } from "./panel-states";

const loadEventFormSchema = () => import("../form-schemas").then((schemas) => schemas.EventFormSchema);

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
  registrationUrl: null,
};

const TEXT_FIELDS = [
  { name: "title", label: "Title", type: "text", wide: true },
  { name: "organizer", label: "Organizer", type: "text" },
  { name: "venue", label: "Venue", type: "text" },
  { name: "date", label: "Date", type: "date" },
  { name: "time", label: "Time", type: "time" },
] as const;

/** The admin's event form: every field required, the registration URL only when its box is ticked. */
export function EventForm() {
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadEventFormSchema, {
    defaultValues: EMPTY_FORM,
    fieldOrder: [
      ...TEXT_FIELDS.map((field) => field.name),
      "city",
      "college",
      "description",
      "image",
      "registrationUrl",
    ],
  });
  const notify = useAdminNotice();
  const post = useCreateEvent({
    onSuccess: () => {
      notify("success", ADMIN_MESSAGES.eventPosted);
      form.reset(EMPTY_FORM);
    },
  });
  const [city, college, registrationUrl] = form.watch(["city", "college", "registrationUrl"]);
  const hasRegistration = registrationUrl !== null;

  return (
    <form
      onFocus={prepare}
      onSubmit={handleSubmit((body) => post.mutateAsync(body).then(() => undefined))}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormError message={formError} className="sm:col-span-2" />
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type}
          required
          error={fieldError(field.name)}
          className={"wide" in field ? "sm:col-span-2" : ""}
          {...form.register(field.name)}
        />
      ))}
      <CollegeSelectFields
        city={city}
        college={college}
        onChange={(value) => {
          form.setValue("city", value.city, { shouldValidate: form.formState.isSubmitted });
          form.setValue("college", value.college, { shouldValidate: form.formState.isSubmitted });
        }}
        cityError={fieldError("city")}
        collegeError={fieldError("college")}
        cityRef={form.register("city").ref}
        collegeRef={form.register("college").ref}
      />
      <Field label="Description" error={fieldError("description")} className="sm:col-span-2">
        {(control) => (
          <textarea
            {...control}
            required
            rows={4}
            className={inputClasses}
            {...form.register("description")}
          />
        )}
      </Field>
      <TextField
        label="Image URL"
        type="url"
        inputMode="url"
        required
        placeholder="https://"
        error={fieldError("image")}
        className="sm:col-span-2"
        {...form.register("image")}
      />
      <div className="sm:col-span-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={hasRegistration}
            // Unticking clears the link, so a hidden value is never posted.
            onChange={(event) => form.setValue("registrationUrl", event.target.checked ? "" : null)}
            className="size-5 rounded border-slate-400 accent-indigo-700"
          />
          Add Registration URL
        </label>
        {hasRegistration ? (
          <TextField
            label="Registration URL"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            error={fieldError("registrationUrl")}
            className="mt-2"
            {...form.register("registrationUrl")}
          />
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
