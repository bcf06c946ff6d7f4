import type { CampusEvent } from "@shared/api/events";
import { EVENT_MESSAGES } from "@shared/events-constants";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { EventCard } from "./event-card";

const SKELETON_COUNT = 6;
const gridClasses = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3";

interface EventListProps {
  events: CampusEvent[] | undefined;
  isError: boolean;
  /** A newer list is on its way; the one shown is from the previous filters. */
  isUpdating: boolean;
  onRetry: () => void;
}

function EventCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="aspect-[16/9] bg-slate-200 motion-safe:animate-pulse" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="h-12 rounded bg-slate-100" />
      </div>
    </div>
  );
}

export function EventList({ events, isError, isUpdating, onRetry }: EventListProps) {
  if (isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Could not load events. Please check your connection and try again.</span>
        <button type="button" onClick={onRetry} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }

  if (!events) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading events
        </p>
        <div aria-busy="true" className={gridClasses}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <EventCardSkeleton key={index} />
          ))}
        </div>
      </>
    );
  }

  if (events.length === 0) {
    return (
      <div
        role="status"
        className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center"
      >
        <p className="text-lg font-semibold text-slate-900">{EVENT_MESSAGES.noEvents}</p>
        <p className="mt-1 text-slate-600">Try another date or college, or show past events too.</p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-600">
        {events.length === 1 ? "1 event" : `${events.length} events`}
      </p>
      <ul
        aria-label="Events"
        aria-busy={isUpdating}
        className={`${gridClasses} transition-opacity ${isUpdating ? "opacity-60" : ""}`}
      >
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </div>
  );
}
