import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatPath } from "./chats-api";

/** Marks the notifications of this chat read; done when it is opened and as messages arrive. */
export function markChatRead(chatId: string): Promise<void> {
  return apiFetch(`${chatPath(chatId)}/read`, { method: "POST" });
}

/** The badges follow from the live socket, which sends the new unread counts. */
export function useMarkChatRead() {
  return useMutation({
    mutationFn: markChatRead,
    onError: (failure) => console.warn("Could not mark the chat read", failure),
  });
}
