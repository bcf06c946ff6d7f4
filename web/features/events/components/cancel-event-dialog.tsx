import type { CampusEvent } from "@shared/api/events";
import { EVENT_TEXTS } from "@shared/event-texts";
import { type FormEvent, useState } from "react";
import { dangerButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useCancelEvent } from "../api/manage-events";

/** 'Cancel Event' asks for the reason every interested student is told. */
export function CancelEventDialog({ event, onClose }: { event: CampusEvent; onClose: () => void }) {
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
