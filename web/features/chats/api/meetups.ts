import type { Message } from "@shared/api/chats";
import type { ChatMeetupsResponse, Meetup, MeetupSpot } from "@shared/api/meetups";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatKeys, chatPath } from "./chats-api";
import { mergeIntoThread } from "./thread-cache";

/**
 * Under the thread's key, so the live frame that refetches a thread (deal.updated, which both
 * members get when a meetup is suggested or accepted) refreshes its meetups with it.
 */
export const meetupKeys = { chat: (chatId: string) => [...chatKeys.thread(chatId), "meetups"] as const };

const NO_MEETUPS: ChatMeetupsResponse = { meetups: [], spots: [], colleges: [], canPropose: false };

const meetupsPath = (chatId: string) => `${chatPath(chatId)}/meetups`;

export const meetupsQueryOptions = (chatId: string) =>
  queryOptions({
    queryKey: meetupKeys.chat(chatId),
    // An empty answer (none from the server, but a stub may give one) reads as no meetups.
    queryFn: async ({ signal }) =>
      (await apiFetch<ChatMeetupsResponse | undefined>(meetupsPath(chatId), { signal })) ?? NO_MEETUPS,
  });

/** Where the meetup's calendar file downloads from (the chat's members only). */
export const meetupCalendarUrl = (chatId: string, meetupId: string) =>
  `${meetupsPath(chatId)}/${encodeURIComponent(meetupId)}/calendar.ics`;

/** 'Suggest a meetup': the card joins the thread from the answer; the meetups are fetched again. */
export function useProposeMeetup(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { spotId: string; startsAt: string }) =>
      apiFetch<{ message: Message; meetup: Meetup }>(meetupsPath(chatId), {
        method: "POST",
        json: { clientId: `m-${crypto.randomUUID()}`, ...body },
      }),
    onSuccess: ({ message }) => {
      mergeIntoThread(queryClient, chatId, message);
      void queryClient.invalidateQueries({ queryKey: meetupKeys.chat(chatId) });
    },
  });
}

/** 'Accept': the header and the card follow from the meetups fetched again. */
export function useAcceptMeetup(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetupId: string) =>
      apiFetch<{ meetup: Meetup }>(`${meetupsPath(chatId)}/${encodeURIComponent(meetupId)}/accept`, {
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetupKeys.chat(chatId) }),
  });
}

/** 'Suggest a spot' for a college: it waits for the administrator's approval. */
export function useSuggestSpot() {
  return useMutation({
    mutationFn: ({ collegeId, ...body }: { collegeId: string; name: string; directions: string }) =>
      apiFetch<{ spot: MeetupSpot }>(`/api/colleges/${encodeURIComponent(collegeId)}/meetup-spots`, {
        method: "POST",
        json: body,
      }),
  });
}
