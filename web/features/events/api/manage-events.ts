import type { CampusEvent, CreateEventBody } from "@shared/api/events";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { eventKeys } from "./events-api";

const eventUrl = (id: string) => `/api/events/${encodeURIComponent(id)}`;

/** 'Post Event', 'Edit' and 'Cancel Event' of an organiser; every events list is fetched again afterwards. */
function useEventChange<V>(send: (values: V) => Promise<{ event: CampusEvent }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export const usePostEvent = () =>
  useEventChange((body: CreateEventBody) => apiFetch("/api/events", { method: "POST", json: body }));

export const useEditEvent = (id: string) =>
  useEventChange((body: CreateEventBody) => apiFetch(eventUrl(id), { method: "PATCH", json: body }));

export const useCancelEvent = (id: string) =>
  useEventChange((reason: string) =>
    apiFetch(`${eventUrl(id)}/cancel`, { method: "POST", json: { reason } }),
  );
