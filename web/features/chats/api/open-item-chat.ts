import type { ChatSummary } from "@shared/api/chats";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { addChatToList } from "../../../lib/chat-list-cache";

/** Opens the conversation with a seller about an item, creating it only if absent. */
export function openItemChat(target: { sellerId: string; itemId: string }): Promise<{ chat: ChatSummary }> {
  return apiFetch("/api/chats", { method: "POST", json: { userId: target.sellerId, itemId: target.itemId } });
}

/** The chat is listed at once, so its tab is selected before the list is fetched again. */
export function useOpenItemChat({ onSuccess }: { onSuccess: (chat: ChatSummary) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openItemChat,
    onSuccess: ({ chat }) => {
      addChatToList(queryClient, chat);
      onSuccess(chat);
    },
    onError: (failure) => console.warn("Could not open the chat", failure),
  });
}
