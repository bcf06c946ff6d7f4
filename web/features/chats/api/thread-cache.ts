import type { Message, OfferState, ThreadResponse } from "@shared/api/chats";
import type { QueryClient } from "@tanstack/react-query";
import { mergeMessage } from "../thread-messages";
import { chatKeys } from "./chats-api";

/**
 * Changes a thread's messages if the thread is loaded. A thread still on its way (perhaps read
 * before the change was stored) gets the change too once it lands: TanStack Query joins a refetch
 * to a first fetch in flight rather than starting another, so asking again would not do.
 * `lateChange` is what is done to the answer that landed late (by default, the same change).
 */
function changeThread(
  queryClient: QueryClient,
  chatId: string,
  change: (messages: Message[]) => Message[],
  lateChange: (messages: Message[]) => Message[] = change,
): void {
  const queryKey = chatKeys.thread(chatId);
  const apply = (update: (messages: Message[]) => Message[]) =>
    queryClient.setQueryData<ThreadResponse>(queryKey, (thread) =>
      thread ? { ...thread, messages: update(thread.messages) } : thread,
    );
  apply(change);
  const query = queryClient.getQueryCache().find({ queryKey });
  if (query?.state.fetchStatus !== "fetching") return;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query || event.type !== "updated") return;
    if (event.action.type !== "success" && event.action.type !== "error") return;
    unsubscribe();
    apply(lateChange);
  });
}

/** Puts a stored message (our send's answer, a live event) into its thread if the thread is loaded. */
export function mergeIntoThread(queryClient: QueryClient, chatId: string, message: Message): void {
  // After a fetch lands, only a message its answer lacks is added: that answer is at least as new
  // as this copy (an offer's state may have moved on since).
  changeThread(
    queryClient,
    chatId,
    (messages) => mergeMessage(messages, message),
    (messages) =>
      messages.some((stored) => stored.id === message.id) ? messages : mergeMessage(messages, message),
  );
}

/**
 * An offer's new state (offer.updated, or the answer to our own accept, decline or withdraw) into
 * its message in the loaded thread: the bubble changes with no fetch of the thread.
 */
export function applyOfferState(
  queryClient: QueryClient,
  chatId: string,
  messageId: string,
  offer: OfferState,
): void {
  changeThread(queryClient, chatId, (messages) =>
    messages.some((message) => message.id === messageId)
      ? messages.map((message) => (message.id === messageId ? { ...message, offer } : message))
      : messages,
  );
}
