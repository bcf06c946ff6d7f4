import type { CampusEvent } from "@shared/api/events";
import { EVENT_TEXTS } from "@shared/event-texts";
import { type FormEvent, useState } from "react";
import { dangerButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useCancelEvent } from "../api/manage-events";
import { EventEditorDialog } from "./event-editor-dialog";

/** 'Cancel Event' asks for the reason every interested student is told. */
function CancelEventDialog({ event, onClose }: { event: CampusEvent; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const cancel = useCancelEvent(event.id);
  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    cancel.mutate(reason, { onSuccess: onClose });
  }
  return (
    <Dialog
      title={`${EVENT_TEXTS.cancelEvent}: ${event.title}`}
      description="Everyone interested is told the reason by notification and e-mail."
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label={EVENT_TEXTS.cancelReason}
          required
          maxLength={300}
          value={reason}
          onChange={(input) => setReason(input.target.value)}
          error={cancel.error?.message}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Keep Event
          </button>
          <button type="submit" disabled={cancel.isPending} className={dangerButton}>
            {EVENT_TEXTS.cancelEvent}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** An organiser's 'Edit' and 'Cancel Event' on a card of their college; nothing once cancelled. */
export function EventManageActions({ event }: { event: CampusEvent }) {
  const [open, setOpen] = useState<"edit" | "cancel" | null>(null);
  if (!event.canManage || event.isCancelled) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
      <button type="button" onClick={() => setOpen("edit")} className={secondaryButton}>
        {EVENT_TEXTS.editEvent}
        <span className="sr-only"> {event.title}</span>
      </button>
      <button type="button" onClick={() => setOpen("cancel")} className={secondaryButton}>
        {EVENT_TEXTS.cancelEvent}
        <span className="sr-only"> {event.title}</span>
      </button>
      {open === "edit" ? (
        <EventEditorDialog event={event} place={event} onClose={() => setOpen(null)} />
      ) : null}
      {open === "cancel" ? <CancelEventDialog event={event} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
