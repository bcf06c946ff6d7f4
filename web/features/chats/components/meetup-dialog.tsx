import { indiaDateOf, indiaMoment } from "@shared/meetup-time";
import { MEETUP_MESSAGES, MEETUP_MIN_LEAD_MINUTES, MEETUP_TEXTS } from "@shared/meetups-constants";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { DialogActions } from "../../../components/ui/dialog-actions";
import { Field, inputClasses, labelClasses } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { meetupsQueryOptions, useProposeMeetup, useSuggestSpot } from "../api/meetups";

const DAY_MS = 24 * 60 * 60 * 1000;
const refusalOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : "Please try again.");

/** The next half hour at least an hour from now, as HH:MM in India: the time picker's first value. */
function firstTime(now: Date): { day: "today" | "tomorrow"; time: string } {
  const at = new Date(Math.ceil((now.getTime() + 60 * 60 * 1000) / (30 * 60 * 1000)) * 30 * 60 * 1000);
  const india = new Date(at.getTime() + 330 * 60 * 1000);
  const time = india.toISOString().slice(11, 16);
  return { day: indiaDateOf(at) === indiaDateOf(now) ? "today" : "tomorrow", time };
}

/**
 * 'Suggest a meetup': a spot (the item's college's first, then the buyer's), a day ('Today',
 * 'Tomorrow') and a time, at least 30 minutes ahead (the server checks it too). A student who
 * misses a spot suggests one for the administrator to approve.
 */
export function MeetupDialog({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const { data, isPending, isError, refetch } = useQuery(meetupsQueryOptions(chatId));
  const propose = useProposeMeetup(chatId);
  const [initial] = useState(() => firstTime(new Date()));
  const [spotId, setSpotId] = useState<string | null>(null);
  const [day, setDay] = useState<"today" | "tomorrow">(initial.day);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string | null>(null);
  const [isSuggestingSpot, setIsSuggestingSpot] = useState(false);
  const groupId = useId();
  const chosenSpot = spotId ?? data?.spots[0]?.id ?? null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!chosenSpot) return setError(MEETUP_MESSAGES.spotNotFound);
    if (!/^\d{2}:\d{2}$/.test(time)) return setError(MEETUP_MESSAGES.badTime);
    const now = new Date();
    const date = indiaDateOf(day === "today" ? now : new Date(now.getTime() + DAY_MS));
    const startsAt = indiaMoment(date, time);
    if (startsAt.getTime() < now.getTime() + MEETUP_MIN_LEAD_MINUTES * 60 * 1000)
      return setError(MEETUP_MESSAGES.tooSoon);
    try {
      await propose.mutateAsync({ spotId: chosenSpot, startsAt: startsAt.toISOString() });
      onClose();
    } catch (failure) {
      setError(refusalOf(failure));
    }
  };

  return (
    <Dialog title={MEETUP_TEXTS.suggestMeetup} description={MEETUP_TEXTS.safety} onClose={onClose}>
      {isPending ? (
        <p className="mt-4 text-sm text-slate-600">Loading spots…</p>
      ) : isError ? (
        <div className="mt-4">
          <Alert tone="error" variant="inline">
            Could not load the meetup spots.
          </Alert>
          <button type="button" className={`${secondaryButton} mt-2`} onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <form noValidate className="mt-4 space-y-4" onSubmit={handleSubmit}>
          <fieldset>
            <legend className={labelClasses}>Spot</legend>
            {data.spots.length === 0 ? (
              <p className="text-sm text-slate-600">{MEETUP_TEXTS.noSpots}</p>
            ) : null}
            {data.colleges.map((college) => {
              const spots = data.spots.filter((spot) => spot.collegeId === college.id);
              if (spots.length === 0) return null;
              return (
                <div key={college.id} className="mt-1">
                  <p className="text-xs font-semibold text-slate-600">{college.name}</p>
                  <ul className="mt-1 space-y-1">
                    {spots.map((spot) => (
                      <li key={spot.id}>
                        <label className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50">
                          <input
                            type="radio"
                            name={`${groupId}-spot`}
                            value={spot.id}
                            checked={chosenSpot === spot.id}
                            onChange={() => setSpotId(spot.id)}
                            className="mt-1 size-4"
                          />
                          <span>
                            <span className="block font-semibold">{spot.name}</span>
                            <span className="block text-sm text-slate-700">{spot.directions}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </fieldset>
          <fieldset>
            <legend className={labelClasses}>Day</legend>
            <div className="flex gap-2">
              {(["today", "tomorrow"] as const).map((choice) => (
                <label
                  key={choice}
                  className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 font-semibold has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
                >
                  <input
                    type="radio"
                    name={`${groupId}-day`}
                    value={choice}
                    checked={day === choice}
                    onChange={() => setDay(choice)}
                    className="size-4"
                  />
                  {choice === "today" ? MEETUP_TEXTS.today : MEETUP_TEXTS.tomorrow}
                </label>
              ))}
            </div>
          </fieldset>
          <Field label="Time (IST)">
            {(control) => (
              <input
                {...control}
                type="time"
                step={300}
                value={time}
                onChange={(event) => setTime(event.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
          {error ? (
            <Alert tone="error" variant="inline" className="text-sm">
              {error}
            </Alert>
          ) : null}
          <DialogActions onCancel={onClose} submitLabel="Send suggestion" isSubmitting={propose.isPending} />
        </form>
      )}
      {data && data.colleges.length > 0 ? (
        isSuggestingSpot ? (
          <SuggestSpotForm colleges={data.colleges} />
        ) : (
          <button
            type="button"
            className="mt-3 min-h-11 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
            onClick={() => setIsSuggestingSpot(true)}
          >
            {MEETUP_TEXTS.suggestSpot}
          </button>
        )
      ) : null}
    </Dialog>
  );
}

/** 'Suggest a spot': a name and a line of directions for one of the chat's colleges. */
function SuggestSpotForm({ colleges }: { colleges: { id: string; name: string }[] }) {
  const suggest = useSuggestSpot();
  const [collegeId, setCollegeId] = useState(colleges[0]?.id ?? "");
  const [name, setName] = useState("");
  const [directions, setDirections] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (suggest.isSuccess) {
    return (
      <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
        {MEETUP_TEXTS.spotSuggested}
      </p>
    );
  }
  return (
    <form
      noValidate
      aria-label={MEETUP_TEXTS.suggestSpot}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        if (!name.trim()) return setError(MEETUP_MESSAGES.spotName);
        if (!directions.trim()) return setError(MEETUP_MESSAGES.spotDirections);
        try {
          await suggest.mutateAsync({ collegeId, name, directions });
        } catch (failure) {
          setError(refusalOf(failure));
        }
      }}
    >
      <h3 className="text-sm font-semibold">{MEETUP_TEXTS.suggestSpot}</h3>
      {colleges.length > 1 ? (
        <Field label="College">
          {(control) => (
            <select
              {...control}
              value={collegeId}
              onChange={(event) => setCollegeId(event.target.value)}
              className={inputClasses}
            >
              {colleges.map((college) => (
                <option key={college.id} value={college.id}>
                  {college.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field label="Spot name">
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <Field label="Directions">
        {(control) => (
          <input
            {...control}
            value={directions}
            maxLength={140}
            onChange={(event) => setDirections(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      {error ? (
        <Alert tone="error" variant="inline" className="text-sm">
          {error}
        </Alert>
      ) : null}
      <button type="submit" className={secondaryButton} disabled={suggest.isPending}>
        Send for approval
      </button>
    </form>
  );
}
