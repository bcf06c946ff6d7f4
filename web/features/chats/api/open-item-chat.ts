import type { ChatSummary } from "@shared/api/chats";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatKeys } from "./chats-api";

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
      queryClient.setQueryData<{ chats: ChatSummary[] }>(chatKeys.list, (list) =>
        list && !list.chats.some((item) => item.id === chat.id) ? { chats: [chat, ...list.chats] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      onSuccess(chat);
    },
    onError: (failure) => console.warn("Could not open the chat", failure),
  });
}
