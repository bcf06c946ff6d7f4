import type { Message, ThreadResponse } from "@shared/api/chats";
import type { QueryClient } from "@tanstack/react-query";
import { mergeMessage } from "../thread-messages";
import { chatKeys } from "./chats-api";

/**
 * Puts a stored message (our send's answer, a live event) into its thread if the thread is loaded.
 * A thread still on its way (perhaps read before the message was stored) gets it too once it
 * lands: TanStack Query joins a refetch to a first fetch in flight rather than starting another,
 * so asking again would not do.
 */
export function mergeIntoThread(queryClient: QueryClient, chatId: string, message: Message): void {
  const queryKey = chatKeys.thread(chatId);
  // After a fetch lands, only a message its answer lacks is added: that answer is at least as new
  // as this copy (a live frame carries no offer state).
  const merge = (isLate?: boolean) =>
    queryClient.setQueryData<ThreadResponse>(queryKey, (thread) =>
      thread && !(isLate && thread.messages.some((stored) => stored.id === message.id))
        ? { ...thread, messages: mergeMessage(thread.messages, message) }
        : thread,
    );
  merge();
  const query = queryClient.getQueryCache().find({ queryKey });
  if (query?.state.fetchStatus !== "fetching") return;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query || event.type !== "updated") return;
    if (event.action.type !== "success" && event.action.type !== "error") return;
    unsubscribe();
    merge(true);
  });
}
