import type { EventInterestResponse } from "@shared/api/events";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { eventKeys } from "./events-api";

export function setEventInterest(id: string, isInterested: boolean): Promise<EventInterestResponse> {
  return apiFetch(`/api/events/${encodeURIComponent(id)}/interest`, {
    method: isInterested ? "PUT" : "DELETE",
  });
}

/** 'Interested' on or off; every events list is fetched again afterwards. */
export function useEventInterest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isInterested: boolean) => setEventInterest(id, isInterested),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** Where the event's .ics file downloads from. */
export const eventCalendarPath = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;
