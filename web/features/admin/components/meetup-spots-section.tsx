import type { CollegesResponse } from "@shared/api/colleges";
import type { AdminMeetupSpot } from "@shared/api/meetups";
import { MEETUP_MESSAGES } from "@shared/meetups-constants";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { Field, inputClasses } from "../../../components/ui/field";
import {
  meetupSpotsQueryOptions,
  type SpotFields,
  useAddMeetupSpot,
  useDecideMeetupSpot,
  useEditMeetupSpot,
  useRemoveMeetupSpot,
} from "../api/meetup-spots";
import { useAdminNotice } from "./admin-notice";
import { CollegeChoiceField } from "./college-entries";
import { dangerButton, EmptyState, FormError, LoadError, LoadingState, PanelSection } from "./panel-states";

const small = "min-h-11 px-3 text-sm";

/** Name and directions: two fields the add form and a row's edit share. */
function SpotFieldsInputs({ value, onChange }: { value: SpotFields; onChange: (next: SpotFields) => void }) {
  return (
    <>
      <Field label="Spot name">
        {(control) => (
          <input
            {...control}
            value={value.name}
            maxLength={60}
            placeholder="Library entrance"
            onChange={(event) => onChange({ ...value, name: event.target.value })}
            className={inputClasses}
          />
        )}
      </Field>
      <Field label="Directions">
        {(control) => (
          <input
            {...control}
            value={value.directions}
            maxLength={140}
            placeholder="At the main doors, by the notice board."
            onChange={(event) => onChange({ ...value, directions: event.target.value })}
            className={inputClasses}
          />
        )}
      </Field>
    </>
  );
}

function missing(fields: SpotFields): string | null {
  if (!fields.name.trim()) return MEETUP_MESSAGES.spotName;
  if (!fields.directions.trim()) return MEETUP_MESSAGES.spotDirections;
  return null;
}

/**
 * Meetup spots: each college's public places to meet ('Library entrance', 'Main canteen') with a
 * line of directions, offered in its chats' 'Suggest a meetup'; students' suggestions wait here
 * for Approve or Reject.
 */
export function MeetupSpotsSection({ cities }: { cities: CollegesResponse["cities"] }) {
  const spots = useQuery(meetupSpotsQueryOptions);
  const notify = useAdminNotice();
  const { confirm, confirmDialog } = useConfirm();
  const [collegeId, setCollegeId] = useState("");
  const [fields, setFields] = useState<SpotFields>({ name: "", directions: "" });
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddMeetupSpot({
    onSuccess: (_, change) => {
      notify("success", `${change.name} added.`);
      setFields({ name: "", directions: "" });
    },
  });
  const decide = useDecideMeetupSpot({
    onSuccess: (_, change) =>
      notify("success", change.decision === "approve" ? "Spot approved." : "Spot rejected."),
    onError: (error) => notify("error", error.message),
  });
  const remove = useRemoveMeetupSpot({
    onSuccess: () => notify("success", "Spot removed."),
    onError: (error) => notify("error", error.message),
  });
  const pending = spots.data?.spots.filter((spot) => spot.status === "pending") ?? [];
  const approved = spots.data?.spots.filter((spot) => spot.status === "approved") ?? [];

  return (
    <PanelSection title="Meetup Spots" titleId="admin-meetup-spots-heading">
      <form
        noValidate
        aria-label="Add a meetup spot"
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const problem = collegeId ? missing(fields) : "Please choose a college.";
          setFormError(problem);
          if (problem) return;
          try {
            await add.mutateAsync({ collegeId, ...fields });
          } catch (failure) {
            setFormError(failure instanceof Error ? failure.message : "Please try again.");
          }
        }}
      >
        <FormError message={formError} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <CollegeChoiceField cities={cities} value={collegeId} onChange={setCollegeId} />
        </div>
        <SpotFieldsInputs value={fields} onChange={setFields} />
        <button
          type="submit"
          disabled={add.isPending}
          className={`${primaryButton} sm:col-span-2 sm:justify-self-start`}
        >
          {add.isPending ? "Adding..." : "Add Spot"}
        </button>
      </form>
      <div className="mt-4 space-y-4">
        {spots.isPending ? (
          <LoadingState>Loading meetup spots...</LoadingState>
        ) : spots.isError ? (
          <LoadError onRetry={() => void spots.refetch()}>Could not load the meetup spots.</LoadError>
        ) : (
          <>
            <section aria-labelledby="admin-suggested-spots-heading">
              <h3 id="admin-suggested-spots-heading" className="text-sm font-semibold text-slate-800">
                Suggested by students ({pending.length})
              </h3>
              {pending.length === 0 ? (
                <EmptyState>No suggestions waiting.</EmptyState>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {pending.map((spot) => (
                    <li key={spot.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                      <SpotText spot={spot} />
                      <button
                        type="button"
                        className={`${primaryButton} ${small}`}
                        disabled={decide.isPending}
                        aria-label={`Approve ${spot.name}`}
                        onClick={() => decide.mutate({ id: spot.id, decision: "approve" })}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className={`${secondaryButton} ${small}`}
                        disabled={decide.isPending}
                        aria-label={`Reject ${spot.name}`}
                        onClick={() => decide.mutate({ id: spot.id, decision: "reject" })}
                      >
                        Reject
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="admin-listed-spots-heading">
              <h3 id="admin-listed-spots-heading" className="text-sm font-semibold text-slate-800">
                Listed spots ({approved.length})
              </h3>
              {approved.length === 0 ? (
                <EmptyState>No meetup spots yet.</EmptyState>
              ) : (
                <ul className="mt-2 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                  {approved.map((spot) => (
                    <ListedSpot
                      key={spot.id}
                      spot={spot}
                      isRemoving={remove.isPending && remove.variables?.id === spot.id}
                      onRemove={async () => {
                        const isConfirmed = await confirm({
                          message: `Remove ${spot.name}? Meetups already agreed there keep their place.`,
                          confirmLabel: "Remove",
                          destructive: true,
                        });
                        if (isConfirmed) remove.mutate({ id: spot.id });
                      }}
                    />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
      {confirmDialog}
    </PanelSection>
  );
}

function SpotText({ spot }: { spot: AdminMeetupSpot }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block font-semibold text-slate-900">{spot.name}</span>
      <span className="block text-sm text-slate-700">{spot.directions}</span>
      <span className="block text-xs text-slate-600">
        {spot.collegeName}, {spot.city}
      </span>
    </span>
  );
}

/** A listed spot: Edit (its name and directions, in place) and Remove. */
function ListedSpot({
  spot,
  isRemoving,
  onRemove,
}: {
  spot: AdminMeetupSpot;
  isRemoving: boolean;
  onRemove: () => void;
}) {
  const notify = useAdminNotice();
  const [editing, setEditing] = useState<SpotFields | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditMeetupSpot({ onSuccess: () => notify("success", "Spot saved.") });
  if (editing) {
    return (
      <li className="px-3 py-2">
        <form
          noValidate
          aria-label={`Edit ${spot.name}`}
          className="grid gap-2 sm:grid-cols-2"
          onSubmit={async (event) => {
            event.preventDefault();
            const problem = missing(editing);
            setError(problem);
            if (problem) return;
            try {
              await edit.mutateAsync({ id: spot.id, ...editing });
              setEditing(null);
            } catch (failure) {
              setError(failure instanceof Error ? failure.message : "Please try again.");
            }
          }}
        >
          <FormError message={error} className="sm:col-span-2" />
          <SpotFieldsInputs value={editing} onChange={setEditing} />
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={`${primaryButton} ${small}`} disabled={edit.isPending}>
              Save
            </button>
            <button type="button" className={`${secondaryButton} ${small}`} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2">
      <SpotText spot={spot} />
      <button
        type="button"
        className={`${secondaryButton} ${small}`}
        aria-label={`Edit ${spot.name}`}
        onClick={() => setEditing({ name: spot.name, directions: spot.directions })}
      >
        Edit
      </button>
      <button
        type="button"
        className={`${dangerButton} ${small}`}
        disabled={isRemoving}
        aria-label={`Remove ${spot.name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
