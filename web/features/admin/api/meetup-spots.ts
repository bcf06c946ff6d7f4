import type { AdminMeetupSpot } from "@shared/api/meetups";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminKeys, adminPath, useAdminMutation } from "./admin-api";

export const meetupSpotsQueryOptions = queryOptions({
  queryKey: [...adminKeys.all, "meetup-spots"] as const,
  queryFn: ({ signal }) => apiFetch<{ spots: AdminMeetupSpot[] }>(adminPath("/meetup-spots"), { signal }),
});

export interface SpotFields {
  name: string;
  directions: string;
}

const spotPath = (id: string) => adminPath(`/meetup-spots/${encodeURIComponent(id)}`);

export function addMeetupSpot({
  collegeId,
  ...fields
}: SpotFields & { collegeId: string }): Promise<unknown> {
  return apiFetch(adminPath(`/colleges/${encodeURIComponent(collegeId)}/meetup-spots`), {
    method: "POST",
    json: fields,
  });
}

/** Adds a spot to a college, listed at once in its chats' 'Suggest a meetup'. */
export function useAddMeetupSpot(config?: MutationConfig<typeof addMeetupSpot>) {
  return useAdminMutation(addMeetupSpot, config);
}

export function editMeetupSpot({ id, ...fields }: SpotFields & { id: string }): Promise<unknown> {
  return apiFetch(spotPath(id), { method: "PATCH", json: fields });
}

export function useEditMeetupSpot(config?: MutationConfig<typeof editMeetupSpot>) {
  return useAdminMutation(editMeetupSpot, config);
}

export function removeMeetupSpot({ id }: { id: string }): Promise<void> {
  return apiFetch(spotPath(id), { method: "DELETE" });
}

export function useRemoveMeetupSpot(config?: MutationConfig<typeof removeMeetupSpot>) {
  return useAdminMutation(removeMeetupSpot, config);
}

/** Approve (listed from now on) or Reject (removed) a student's suggested spot. */
export function decideMeetupSpot({
  id,
  decision,
}: {
  id: string;
  decision: "approve" | "reject";
}): Promise<void> {
  return apiFetch(`${spotPath(id)}/${decision}`, { method: "POST" });
}

export function useDecideMeetupSpot(config?: MutationConfig<typeof decideMeetupSpot>) {
  return useAdminMutation(decideMeetupSpot, config);
}
