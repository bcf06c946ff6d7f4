import type { CampusEvent } from "@shared/api/events";
import CalendarIcon from "lucide-react/icons/calendar";
import { useId, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { ReadMore } from "../../../components/ui/read-more";
import { formatCalendarDateTime } from "../../../lib/format";
import { eventDateTimeAttribute } from "../event-format";
import { EventActions } from "./event-actions";

/** The event's picture, loaded only near the viewport; a neutral panel if it cannot load. */
function EventImage({ src, alt }: { src: string; alt: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed || !src) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-[16/9] w-full items-center justify-center bg-slate-100 text-slate-400"
      >
        <CalendarIcon className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setHasFailed(true)}
      className="aspect-[16/9] w-full bg-slate-100 object-cover"
    />
  );
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 font-medium text-slate-900">{term}:</dt>
      <dd className="min-w-0 break-words text-slate-700">{children}</dd>
    </div>
  );
}

export function EventCard({ event }: { event: CampusEvent }) {
  const headingId = useId();
  const campus = [event.college, event.city].filter(Boolean).join(", ");
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <EventImage src={event.image} alt={event.title} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {event.title}
          </h2>
          <p className="mt-1 text-sm font-medium text-indigo-800">
            <time dateTime={eventDateTimeAttribute(event)}>
              {formatCalendarDateTime(event.date, event.time)}
            </time>
          </p>
        </div>
        <ReadMore text={event.description} className="text-sm text-slate-700" />
        <dl className="mt-auto space-y-1 text-sm">
          <Detail term="Venue">{event.venue}</Detail>
          <Detail term="College">{campus}</Detail>
          <Detail term="Organizer">{event.organizer}</Detail>
        </dl>
        <EventActions event={event} />
        {event.registrationUrl && !event.hasEnded ? (
          <a
            href={event.registrationUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={headingId}
            className={`${primaryButton} w-full`}
          >
            Register Now
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}
