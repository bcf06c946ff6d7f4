import type { ChatSummary } from "@shared/api/chats";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { isConnectionFailure } from "../../../components/ui/offline-refusal";
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

/** How often a read state the connection dropped on its way is sent again. */
const RESENDS = 5;

/**
 * Done when a chat is opened and as messages arrive while it is open. Its row in the list stops
 * being unread at once; the badges follow from the live socket, which sends the new counts.
 * Offline it is not lost: it waits for the connection (unlike the app's actions, which are
 * refused), and one the connection dropped is sent again, so the other member sees 'Seen' once
 * this device is back online.
 */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    networkMode: "online",
    retry: (failures, error) => failures < RESENDS && isConnectionFailure(error),
    onMutate: (chatId) => clearUnread(queryClient, chatId),
    onError: (failure) => console.warn("Could not mark the chat read", failure),
  });
}
