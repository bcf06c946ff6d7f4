import type { CampusEvent } from "@shared/api/events";
import { EVENT_TEXTS } from "@shared/event-texts";
import { googleCalendarUrl } from "@shared/events-calendar";
import { publicEventPath } from "@shared/events-constants";
import type { PushPromptIntent } from "@shared/push-constants";
import CalendarPlusIcon from "lucide-react/icons/calendar-plus";
import Share2Icon from "lucide-react/icons/share-2";
import StarIcon from "lucide-react/icons/star";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { LazyPushPromptCard } from "../../../components/push-prompt/lazy-push-prompt-card";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Menu } from "../../../components/ui/menu";
import { OfflineRefusal, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { eventCalendarPath, useEventInterest } from "../api/event-interest";

const EVENT_INTENT: PushPromptIntent = { kind: "event" };

/** Starts a file download the way a link with `download` does. */
function download(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/** 'Interested' with the count, 'Add to Calendar', 'Share' and the linked teams of one event card. */
export function EventActions({ event }: { event: CampusEvent }) {
  const interest = useEventInterest(event.id);
  const refusal = useOfflineRefusal();
  // After marking Interested: the card offering pushes ('... before the event').
  const [isPromptShown, setIsPromptShown] = useState(false);
  const closePrompt = useCallback(() => setIsPromptShown(false), []);
  const [shareNote, setShareNote] = useState("");
  const { reset } = interest;
  // A newer list from the server replaces the answer kept below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the card's new counts are the trigger
  useEffect(() => reset(), [reset, event.interestedCount, event.isInterested]);
  // Shown at once; the server's answer then confirms it until the list is fetched again.
  const isInterested = interest.isPending
    ? Boolean(interest.variables)
    : (interest.data?.isInterested ?? event.isInterested);
  const count = interest.isPending
    ? event.interestedCount + (isInterested === event.isInterested ? 0 : isInterested ? 1 : -1)
    : (interest.data?.interestedCount ?? event.interestedCount);

  async function share() {
    // The event's public page: readable signed out, with a link preview in chats.
    const url = `${window.location.origin}${publicEventPath(event.id)}`;
    try {
      if (navigator.share) {
        await navigator.share({ title: event.title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShareNote(EVENT_TEXTS.linkCopied);
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setShareNote(url);
    }
  }

  return (
    <div className="space-y-2">
      {event.hasEnded ? (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700">
          {EVENT_TEXTS.ended}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={isInterested}
          onClick={() =>
            refusal.attempt(() =>
              interest.mutate(!isInterested, {
                onSuccess: (answer) => {
                  if (answer.isInterested && !event.hasEnded) setIsPromptShown(true);
                },
                onError: refusal.noteFailure,
              }),
            )
          }
          className={`${secondaryButton} ${isInterested ? "border-indigo-600 bg-indigo-50 text-indigo-800" : ""}`}
        >
          <StarIcon aria-hidden="true" className={`size-4 ${isInterested ? "fill-current" : ""}`} />
          {EVENT_TEXTS.interested}
        </button>
        <span className="text-sm text-slate-700" aria-live="polite">
          {EVENT_TEXTS.interestedCount(count)}
        </span>
      </div>
      <OfflineRefusal shown={refusal.isRefused} />
      {isPromptShown ? <LazyPushPromptCard intent={EVENT_INTENT} onClose={closePrompt} /> : null}
      <div className="relative flex flex-wrap items-center gap-2">
        <Menu
          trigger={
            <>
              <CalendarPlusIcon aria-hidden="true" className="size-4" />
              {EVENT_TEXTS.addToCalendar}
            </>
          }
          triggerClassName={secondaryButton}
          menuClassName="absolute left-0 z-30 mt-2 w-52 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          items={[
            {
              label: EVENT_TEXTS.googleCalendar,
              onSelect: () =>
                window.open(
                  googleCalendarUrl(event, window.location.origin),
                  "_blank",
                  "noopener,noreferrer",
                ),
            },
            { label: EVENT_TEXTS.downloadIcs, onSelect: () => download(eventCalendarPath(event.id)) },
          ]}
        />
        <button type="button" onClick={share} className={secondaryButton}>
          <Share2Icon aria-hidden="true" className="size-4" />
          {EVENT_TEXTS.share}
        </button>
      </div>
      {shareNote ? (
        <p role="status" className="text-sm break-all text-slate-700">
          {shareNote}
        </p>
      ) : null}
      {event.teamsCount > 0 ? (
        <Link
          to={`/teammates?eventId=${encodeURIComponent(event.id)}`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 underline underline-offset-2"
        >
          {EVENT_TEXTS.teamsLooking(event.teamsCount)}
        </Link>
      ) : null}
    </div>
  );
}
