import type { ChatSummary } from "@shared/api/chats";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatKeys, chatPath } from "./chats-api";

/** Marks the notifications of this chat read and tells the other member it was seen. */
export function markChatRead(chatId: string): Promise<void> {
  return apiFetch(`${chatPath(chatId)}/read`, { method: "POST" });
}

function clearUnread(queryClient: QueryClient, chatId: string) {
  queryClient.setQueryData<{ chats: ChatSummary[] }>(chatKeys.list, (list) =>
    list
      ? { chats: list.chats.map((chat) => (chat.id === chatId ? { ...chat, unreadCount: 0 } : chat)) }
      : list,
  );
}

/**
 * Done when a chat is opened and as messages arrive while it is open. Its row in the list stops
 * being unread at once; the badges follow from the live socket, which sends the new counts.
 */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onMutate: (chatId) => clearUnread(queryClient, chatId),
    onError: (failure) => console.warn("Could not mark the chat read", failure),
  });
}
