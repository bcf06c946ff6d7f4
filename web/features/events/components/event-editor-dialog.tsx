import type { CampusEvent, CreateEventBody } from "@shared/api/events";
import { EVENT_TEXTS } from "@shared/event-texts";
import { type FormEvent, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { DialogActions } from "../../../components/ui/dialog-actions";
import { Field, inputClasses, TextField } from "../../../components/ui/field";
import { useEditEvent, usePostEvent } from "../api/manage-events";

type Values = Omit<CreateEventBody, "registrationUrl" | "registrationCloses"> & {
  registrationUrl: string;
  registrationCloses: string;
};

function valuesOf(event: CampusEvent | undefined, place: { college: string; city: string }): Values {
  return {
    title: event?.title ?? "",
    organizer: event?.organizer ?? "",
    date: event?.date ?? "",
    time: event?.time ?? "",
    endDate: event?.endDate ?? "",
    endTime: event?.endTime ?? "",
    venue: event?.venue ?? "",
    description: event?.description ?? "",
    city: event?.city ?? place.city,
    college: event?.college ?? place.college,
    image: event?.image ?? "",
    registrationUrl: event?.registrationUrl ?? "",
    registrationCloses: event?.registrationCloses ?? "",
  };
}

const FIELDS = [
  { name: "title", label: "Title", type: "text" },
  { name: "organizer", label: "Organizer", type: "text" },
  { name: "date", label: "Date", type: "date" },
  { name: "time", label: "Time", type: "time" },
  { name: "endDate", label: EVENT_TEXTS.endDate, type: "date" },
  { name: "endTime", label: EVENT_TEXTS.endTime, type: "time" },
  { name: "venue", label: "Venue", type: "text" },
  { name: "image", label: "Image URL", type: "url" },
] as const;

/**
 * An organiser's event form, for 'Post Event' (their college's) and 'Edit'. The server checks every
 * field and the times against each other; its message shows above the buttons.
 */
export function EventEditorDialog({
  event,
  place,
  onClose,
}: {
  event?: CampusEvent;
  place: { college: string; city: string };
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(event, place));
  const post = usePostEvent();
  const edit = useEditEvent(event?.id ?? "");
  const change = event ? edit : post;
  const set = (name: keyof Values, value: string) => setValues((current) => ({ ...current, [name]: value }));

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const body: CreateEventBody = {
      ...values,
      endDate: values.endDate || undefined,
      endTime: values.endTime || undefined,
      registrationUrl: values.registrationUrl.trim() || null,
      registrationCloses: values.registrationCloses || null,
    };
    change.mutate(body, { onSuccess: onClose });
  }

  return (
    <Dialog title={event ? `Edit ${event.title}` : EVENT_TEXTS.postEvent} onClose={onClose}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <p className="text-sm text-slate-700 sm:col-span-2">
          {values.college}
          {values.city ? `, ${values.city}` : ""}
        </p>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            required={!field.name.startsWith("end")}
            value={values[field.name] ?? ""}
            onChange={(input) => set(field.name, input.target.value)}
            className={field.name === "title" || field.name === "image" ? "sm:col-span-2" : ""}
          />
        ))}
        <Field label="Description" className="sm:col-span-2">
          {(control) => (
            <textarea
              {...control}
              required
              rows={4}
              value={values.description}
              onChange={(input) => set("description", input.target.value)}
              className={inputClasses}
            />
          )}
        </Field>
        <TextField
          label="Registration URL (optional)"
          type="url"
          inputMode="url"
          value={values.registrationUrl}
          onChange={(input) => set("registrationUrl", input.target.value)}
          className="sm:col-span-2"
        />
        <TextField
          label={`${EVENT_TEXTS.registrationCloses} (optional)`}
          type="datetime-local"
          value={values.registrationCloses}
          onChange={(input) => set("registrationCloses", input.target.value)}
          className="sm:col-span-2"
        />
        {change.error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
            {change.error.message}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <DialogActions
            onCancel={onClose}
            isSubmitting={change.isPending}
            submitLabel={event ? "Save Changes" : EVENT_TEXTS.postEvent}
          />
        </div>
      </form>
    </Dialog>
  );
}
