import type { Message } from "@shared/api/chats";
import type { Meetup } from "@shared/api/meetups";
import { formatMeetupTime } from "@shared/meetup-time";
import { MEETUP_TEXTS } from "@shared/meetups-constants";
import { useQuery } from "@tanstack/react-query";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import MapPin from "lucide-react/icons/map-pin";
import ShieldCheck from "lucide-react/icons/shield-check";
import { Suspense, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { meetupCalendarUrl, meetupsQueryOptions, useAcceptMeetup } from "../api/meetups";

// 'Suggest another' opens the same dialog as 'Suggest a meetup', loaded when it is opened.
const MeetupDialog = lazyWhenOnline(() =>
  import("./meetup-dialog").then((module) => ({ default: module.MeetupDialog })),
);

const STATUS_LINES: Record<Meetup["status"], string> = {
  proposed: MEETUP_TEXTS.waiting,
  accepted: MEETUP_TEXTS.accepted,
  replaced: MEETUP_TEXTS.replaced,
};

/**
 * A meetup card in the chat: the spot, its directions and the time in India, the safety line
 * always, and for the other side 'Accept' and 'Suggest another'. Its state comes from the chat's
 * meetups (the card's message shares the meetup's id), so an answer in the other tab shows here.
 */
export function MeetupCard({
  message,
  isMine,
  senderName,
}: {
  message: Message;
  isMine: boolean;
  senderName: string;
}) {
  const { data } = useQuery(meetupsQueryOptions(message.chatId));
  const meetup = data?.meetups.find((each) => each.id === message.id);
  const accept = useAcceptMeetup(message.chatId);
  const [isSuggesting, setIsSuggesting] = useState(false);
  return (
    <li className={`mt-3 flex ${isMine ? "justify-end" : "justify-start"}`}>
      <article
        aria-label={`Meetup suggested by ${isMine ? "you" : senderName}`}
        className="w-full max-w-[85%] rounded-2xl border-2 border-emerald-300 bg-white px-3.5 py-3 text-slate-900 shadow-sm sm:max-w-[70%]"
        data-meetup-status={meetup?.status}
      >
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-emerald-800 uppercase">
          <MapPin aria-hidden="true" className="size-4" />
          Meetup
        </p>
        {meetup ? (
          <>
            <p className="mt-1 text-base font-bold">{meetup.spot.name}</p>
            <p className="text-sm text-slate-700">{meetup.spot.directions}</p>
            <p className="mt-1 text-sm font-semibold">
              <time dateTime={meetup.startsAt}>{formatMeetupTime(meetup.startsAt)}</time>
            </p>
            <p className="mt-1 text-xs font-semibold text-slate-600">{STATUS_LINES[meetup.status]}</p>
          </>
        ) : (
          <p className="mt-1 text-sm">{message.text}</p>
        )}
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-emerald-50 px-2 py-1.5 text-sm text-emerald-950">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <span>{MEETUP_TEXTS.safety}</span>
        </p>
        {meetup?.abilities.canAccept ? (
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButton}
              disabled={accept.isPending}
              onClick={() => accept.mutate(meetup.id)}
            >
              {MEETUP_TEXTS.accept}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setIsSuggesting(true)}>
              {MEETUP_TEXTS.suggestAnother}
            </button>
          </div>
        ) : null}
        {meetup?.status === "accepted" ? (
          <a
            href={meetupCalendarUrl(message.chatId, meetup.id)}
            download="meetup.ics"
            className={`${secondaryButton} mt-2`}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {MEETUP_TEXTS.addToCalendar}
          </a>
        ) : null}
        {accept.isError ? (
          <Alert tone="error" variant="inline" className="mt-1 text-sm">
            {accept.error instanceof ApiError ? accept.error.message : "Please try again."}
          </Alert>
        ) : null}
      </article>
      {isSuggesting ? (
        <Suspense fallback={null}>
          <MeetupDialog chatId={message.chatId} onClose={() => setIsSuggesting(false)} />
        </Suspense>
      ) : null}
    </li>
  );
}

/** The accepted meetup still ahead (or under way), for the chat's header; null when none. */
export function MeetupHeaderLine({ chatId }: { chatId: string }) {
  const { data } = useQuery(meetupsQueryOptions(chatId));
  const accepted = data?.meetups.find(
    (meetup) => meetup.status === "accepted" && Date.parse(meetup.startsAt) > Date.now() - 2 * 60 * 60 * 1000,
  );
  if (!accepted) return null;
  return (
    <span className="block truncate text-xs font-semibold text-emerald-800" data-testid="meetup-header">
      {MEETUP_TEXTS.header(accepted.spot.name, formatMeetupTime(accepted.startsAt))}
    </span>
  );
}

/** 'Suggest a meetup', above the composer of a chat about an item. */
export function SuggestMeetupBar({ chatId }: { chatId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="flex shrink-0 justify-end border-t border-slate-200 bg-white px-2 py-1">
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        <MapPin aria-hidden="true" className="size-4" />
        {MEETUP_TEXTS.suggestMeetup}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <MeetupDialog chatId={chatId} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
