import type { ChatDelivered, ChatRead, ThreadResponse } from "@shared/api/chats";
import type { QueryClient } from "@tanstack/react-query";
import { chatKeys } from "./chats-api";

/**
 * The live event chat.read: when the other member read the chat, my messages up to then turn
 * 'Seen' in its open thread; when I did (in another tab), its row stops being unread here too.
 */
export function applyChatRead(queryClient: QueryClient, read: ChatRead): void {
  queryClient.setQueryData<ThreadResponse>(chatKeys.thread(read.chatId), (thread) => {
    if (!thread || thread.chat.counterpart.id !== read.userId) return thread;
    const previous = thread.counterpartReadAt;
    const isNewer = previous === null || Date.parse(read.readAt) > Date.parse(previous);
    return isNewer ? { ...thread, counterpartReadAt: read.readAt } : thread;
  });
  void queryClient.invalidateQueries({ queryKey: chatKeys.list });
}

/**
 * The live event chat.delivered: when the other member's device received the chat, my messages
 * up to then show two ticks in its open thread.
 */
export function applyChatDelivered(queryClient: QueryClient, delivered: ChatDelivered): void {
  queryClient.setQueryData<ThreadResponse>(chatKeys.thread(delivered.chatId), (thread) => {
    if (!thread || thread.chat.counterpart.id !== delivered.userId) return thread;
    const previous = thread.counterpartDeliveredAt;
    const isNewer = previous === null || Date.parse(delivered.deliveredAt) > Date.parse(previous);
    return isNewer ? { ...thread, counterpartDeliveredAt: delivered.deliveredAt } : thread;
  });
}
