import { indiaDateOf, indiaMoment } from "@shared/meetup-time";
import {
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_MESSAGES,
  MEETUP_MIN_LEAD_MINUTES,
  MEETUP_TEXTS,
} from "@shared/meetups-constants";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { DialogActions } from "../../../components/ui/dialog-actions";
import { Field, inputClasses, labelClasses } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { meetupsQueryOptions, useProposeMeetup, useSuggestSpot } from "../api/meetups";

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const refusalOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : "Please try again.");

/** The next half hour at least an hour from now, as India's date and HH:MM: the pickers' first values. */
function firstTime(now: Date): { date: string; time: string } {
  const at = new Date(Math.ceil((now.getTime() + 60 * MINUTE_MS) / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
  const india = new Date(at.getTime() + 330 * MINUTE_MS);
  return { date: indiaDateOf(at), time: india.toISOString().slice(11, 16) };
}

/** India's dates the day choice offers: the two chips', and the date picker's first and last. */
function dayChoices(now: Date) {
  return {
    today: indiaDateOf(now),
    tomorrow: indiaDateOf(new Date(now.getTime() + DAY_MS)),
    lastDay: indiaDateOf(new Date(now.getTime() + MEETUP_MAX_DAYS_AHEAD * DAY_MS)),
  };
}

/** Why a picked date cannot be sent (none, a past day, beyond the last day), or null if it can. */
function dateProblem(date: string, days: ReturnType<typeof dayChoices>): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(indiaMoment(date, "12:00").getTime()))
    return MEETUP_MESSAGES.badDate;
  if (date < days.today) return MEETUP_MESSAGES.pastDate;
  if (date > days.lastDay) return MEETUP_MESSAGES.farDate;
  return null;
}

/**
 * 'Suggest a meetup': a spot (the item's college's first, then the buyer's), a day ('Today',
 * 'Tomorrow' or a date up to 30 days out) and a time in IST, at least 30 minutes ahead; a past or
 * too distant day is explained before anything is sent (the server checks it too). A student who
 * misses a spot suggests one for the administrator to approve.
 */
export function MeetupDialog({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const { data, isPending, isError, refetch } = useQuery(meetupsQueryOptions(chatId));
  const propose = useProposeMeetup(chatId);
  const [initial] = useState(() => firstTime(new Date()));
  const [spotId, setSpotId] = useState<string | null>(null);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [dateError, setDateError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSuggestingSpot, setIsSuggestingSpot] = useState(false);
  const groupId = useId();
  const chosenSpot = spotId ?? data?.spots[0]?.id ?? null;
  const days = dayChoices(new Date());

  const chooseDate = (value: string) => {
    setDate(value);
    // Said as soon as a day is picked; an emptied field is only asked for on sending.
    setDateError(value ? dateProblem(value, dayChoices(new Date())) : null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!chosenSpot) return setError(MEETUP_MESSAGES.spotNotFound);
    const now = new Date();
    const problem = dateProblem(date, dayChoices(now));
    setDateError(problem);
    if (problem) return;
    if (!/^\d{2}:\d{2}$/.test(time)) return setError(MEETUP_MESSAGES.badTime);
    const startsAt = indiaMoment(date, time);
    if (startsAt.getTime() < now.getTime() + MEETUP_MIN_LEAD_MINUTES * MINUTE_MS)
      return setError(MEETUP_MESSAGES.tooSoon);
    // The last day's later hours are more than 30 days away.
    if (startsAt.getTime() > now.getTime() + MEETUP_MAX_DAYS_AHEAD * DAY_MS)
      return setError(MEETUP_MESSAGES.tooLate);
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
                    checked={date === days[choice]}
                    onChange={() => chooseDate(days[choice])}
                    className="size-4"
                  />
                  {choice === "today" ? MEETUP_TEXTS.today : MEETUP_TEXTS.tomorrow}
                </label>
              ))}
            </div>
            <Field label={MEETUP_TEXTS.date} hint={MEETUP_TEXTS.dateHint} error={dateError} className="mt-2">
              {(control) => (
                <input
                  {...control}
                  type="date"
                  min={days.today}
                  max={days.lastDay}
                  value={date}
                  onChange={(event) => chooseDate(event.target.value)}
                  className={inputClasses}
                />
              )}
            </Field>
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
