import type { CampusEvent } from "@shared/api/events";
import { EVENT_TEXTS } from "@shared/event-texts";
import { Suspense, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// The dialogs load when an organiser opens one: most students never do.
const EventEditorDialog = lazyWhenOnline(() =>
  import("./event-editor-dialog").then((module) => ({ default: module.EventEditorDialog })),
);
const CancelEventDialog = lazyWhenOnline(() =>
  import("./cancel-event-dialog").then((module) => ({ default: module.CancelEventDialog })),
);

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
      <Suspense fallback={null}>
        {open === "edit" ? (
          <EventEditorDialog event={event} place={event} onClose={() => setOpen(null)} />
        ) : null}
        {open === "cancel" ? <CancelEventDialog event={event} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </div>
  );
}
