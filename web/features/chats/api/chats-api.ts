import type { ChatSummary, Message, SendMessageBody, ThreadResponse } from "@shared/api/chats";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Every chat query starts with "chats", so a resync refreshes the list and every thread at once. */
export const chatKeys = {
  all: ["chats"] as const,
  list: ["chats", "list"] as const,
  thread: (chatId: string) => ["chats", "thread", chatId] as const,
};

const chatPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}`;

export const chatListQueryOptions = queryOptions({
  queryKey: chatKeys.list,
  queryFn: ({ signal }) => apiFetch<{ chats: ChatSummary[] }>("/api/chats", { signal }),
});

export const threadQueryOptions = (chatId: string) =>
  queryOptions({
    queryKey: chatKeys.thread(chatId),
    queryFn: ({ signal }) => apiFetch<ThreadResponse>(chatPath(chatId), { signal }),
  });

/** Opens the conversation with a seller about an item, creating it only if absent. */
export function openItemChat(sellerId: string, itemId: string): Promise<{ chat: ChatSummary }> {
  return apiFetch("/api/chats", { method: "POST", json: { userId: sellerId, itemId } });
}

/** Safe to repeat with the same clientId: the server answers with the first copy. */
export function sendChatMessage(chatId: string, body: SendMessageBody): Promise<{ message: Message }> {
  return apiFetch(`${chatPath(chatId)}/messages`, { method: "POST", json: body });
}

/** Marks the notifications of this chat read; done when it is opened and as messages arrive. */
export function markChatRead(chatId: string): Promise<void> {
  return apiFetch(`${chatPath(chatId)}/read`, { method: "POST" });
}
