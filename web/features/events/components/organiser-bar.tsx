import { EVENT_TEXTS } from "@shared/event-texts";
import CalendarSyncIcon from "lucide-react/icons/calendar-sync";
import PlusIcon from "lucide-react/icons/plus";
import { Suspense, useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// Loads when an organiser opens it: most students never do.
const EventEditorDialog = lazyWhenOnline(() =>
  import("./event-editor-dialog").then((module) => ({ default: module.EventEditorDialog })),
);

/**
 * 'Post Event' for an organiser of a college, and 'Subscribe to {college} events': the college's
 * calendar feed as webcal://, which calendar apps add and refresh.
 */
export function OrganiserBar({
  organises,
  feed,
}: {
  organises: { college: string; city: string } | null | undefined;
  feed: { college: string; path: string } | null | undefined;
}) {
  const [isPosting, setIsPosting] = useState(false);
  if (!organises && !feed) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {organises ? (
        <button type="button" onClick={() => setIsPosting(true)} className={primaryButton}>
          <PlusIcon aria-hidden="true" className="size-4" />
          {EVENT_TEXTS.postEvent}
        </button>
      ) : null}
      {feed ? (
        <a href={`webcal://${window.location.host}${feed.path}`} className={secondaryButton}>
          <CalendarSyncIcon aria-hidden="true" className="size-4" />
          {EVENT_TEXTS.subscribe(feed.college)}
        </a>
      ) : null}
      {isPosting && organises ? (
        <Suspense fallback={null}>
          <EventEditorDialog place={organises} onClose={() => setIsPosting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
