import type { ThreadResponse } from "@shared/api/chats";
import type { BroadcastFrame, LiveEventFrame } from "@shared/live-events";
import type { QueryClient } from "@tanstack/react-query";
import { applyChatDelivered, applyChatRead } from "../../features/chats/api/chat-read-cache";
import { chatKeys } from "../../features/chats/api/chats-api";
import { applyOfferState, mergeIntoThread } from "../../features/chats/api/thread-cache";
import { eventKeys } from "../../features/events/api/events-api";
import { notificationKeys } from "../../features/notifications/api/notifications-api";
import { recruitmentKeys } from "../../features/recruitment/api/recruitment-keys";
import { ticketKeys } from "../../features/tickets/api/tickets-api";
import { dashboardKeys, invalidateItemQueries, profileKeys } from "../../lib/query-keys";
import { meQueryOptions } from "../../lib/session";

/** Writes one live event into the caches the pages read, so they change without a reload. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEventFrame): void {
  switch (event.type) {
    case "message.created": {
      // A thread loaded or on its way gets it; one opened later fetches the message anyway.
      mergeIntoThread(queryClient, event.data.message.chatId, event.data.message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      return;
    }
    case "message.removed": {
      const { chatId, messageId } = event.data;
      queryClient.setQueryData<ThreadResponse>(chatKeys.thread(chatId), (thread) =>
        thread
          ? { ...thread, messages: thread.messages.filter((message) => message.id !== messageId) }
          : thread,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      return;
    }
    case "chat.updated":
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      return;
    case "offer.updated":
      // The bubble's new state, from the frame: the thread is not fetched again.
      applyOfferState(queryClient, event.data.chatId, event.data.messageId, event.data.offer);
      return;
    case "deal.updated":
      // The header's badge and the thread's abilities (the item reserved, released, sold, rated),
      // and the item's page and cards, which show the deal's price while it is reserved.
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(event.data.chatId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      void invalidateItemQueries(queryClient);
      return;
    case "chat.read":
      applyChatRead(queryClient, event.data);
      return;
    case "chat.delivered":
      applyChatDelivered(queryClient, event.data);
      return;
    case "notification.created":
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      // The administrator changed something of the account itself (their college request decided,
      // their student ID reviewed, a suspension lifted): the session and the pages showing the
      // student read it again, so the new college shows without a reload.
      if (event.data.notification.type === "admin") {
        void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        // Settings' college request and verification.
        void queryClient.invalidateQueries({ queryKey: ["settings"] });
      }
      return;
    case "notification.read":
      // The chat list counts each chat's unread messages too.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      return;
    case "counts":
      queryClient.setQueryData(notificationKeys.counts, event.data);
      return;
    case "ticket.updated":
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      return;
    case "block.changed":
      // An open chat with them turns read-only (or writable again) and listings change, live.
      // Rare, and it changes chats, listings, profiles and lists at once: every query is refetched.
      void queryClient.invalidateQueries();
      return;
  }
}

/** Events may have been missed: fetch every chat, notification and ticket query again. */
export function refetchLiveQueries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
}

/** A list everyone sees changed: the pages showing it fetch it again. */
export function applyBroadcastFrame(queryClient: QueryClient, frame: BroadcastFrame): void {
  const queryKey = frame.type === "events.changed" ? eventKeys.all : recruitmentKeys.all;
  void queryClient.invalidateQueries({ queryKey });
}

/** Broadcasts are not replayed after a reconnect, so the lists they feed are fetched again. */
export function refetchBroadcastQueries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  void queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
}
