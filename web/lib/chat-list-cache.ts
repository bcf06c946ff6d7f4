import type { ChatSummary } from "@shared/api/chats";
import type { QueryClient } from "@tanstack/react-query";

/** The query key of the signed-in user's chat list (GET /api/chats), as Messages reads it. */
export const chatListKey = ["chats", "list"] as const;

/**
 * A chat just opened from another screen (an item, a recruitment post) joins the cached chat
 * list at once, so Messages selects its tab before the list is fetched again.
 */
export function addChatToList(queryClient: QueryClient, chat: ChatSummary): void {
  queryClient.setQueryData<{ chats: ChatSummary[] }>(chatListKey, (list) =>
    list && !list.chats.some((item) => item.id === chat.id) ? { chats: [chat, ...list.chats] } : list,
  );
  void queryClient.invalidateQueries({ queryKey: chatListKey });
}
