import type { CampusEvent } from "@shared/api/events";
import { EVENT_TEXTS } from "@shared/event-texts";
import CalendarIcon from "lucide-react/icons/calendar";
import { useId, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { OfflineRefusal, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { ReadMore } from "../../../components/ui/read-more";
import { formatCalendarDateTime } from "../../../lib/format";
import { eventDateTimeAttribute } from "../event-format";
import { EventActions } from "./event-actions";
import { EventManageActions } from "./event-manage-actions";

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

/** 'Register Now': the organiser's own page, in a new tab; offline, refused where it is. */
function RegisterLink({ href, describedBy }: { href: string; describedBy: string }) {
  const refusal = useOfflineRefusal();
  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={describedBy}
        onClick={(click) => {
          if (!refusal.attempt()) click.preventDefault();
        }}
        className={`${primaryButton} w-full`}
      >
        Register Now
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <OfflineRefusal shown={refusal.isRefused} />
    </>
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

/** '2099-03-10T18:00' as its date and time. */
const splitLocal = (value: string): [string, string] => [value.slice(0, 10), value.slice(11, 16)];

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
        {event.isCancelled ? (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <strong className="font-semibold">{EVENT_TEXTS.cancelledBadge}</strong>
            {event.cancelReason ? `: ${event.cancelReason}` : null}
          </p>
        ) : null}
        <ReadMore text={event.description} className="text-sm text-slate-700" />
        <dl className="mt-auto space-y-1 text-sm">
          <Detail term="Ends">{formatCalendarDateTime(event.endDate, event.endTime)}</Detail>
          {event.registrationCloses ? (
            <Detail term={EVENT_TEXTS.registrationCloses}>
              {formatCalendarDateTime(...splitLocal(event.registrationCloses))}
            </Detail>
          ) : null}
          <Detail term="Venue">{event.venue}</Detail>
          <Detail term="College">{campus}</Detail>
          <Detail term="Organizer">{event.organizer}</Detail>
        </dl>
        <EventActions event={event} />
        {event.registrationUrl && !event.hasEnded && !event.isCancelled ? (
          <RegisterLink href={event.registrationUrl} describedBy={headingId} />
        ) : null}
        <EventManageActions event={event} />
      </div>
    </article>
  );
}
