import type { ChatSummary, ThreadResponse } from "@shared/api/chats";
import { CHAT_LIST_PATH } from "@shared/page-requests";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatListKey } from "../../../lib/chat-list-cache";
import { pageResponsesTime, takePageResponse } from "../../../lib/page-responses";

/** Every chat query starts with "chats", so a resync refreshes the list and every thread at once. */
export const chatKeys = {
  all: ["chats"] as const,
  list: chatListKey,
  thread: (chatId: string) => ["chats", "thread", chatId] as const,
};

export const chatPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}`;

export const chatListQueryOptions = queryOptions({
  queryKey: chatKeys.list,
  queryFn: ({ signal }) => apiFetch<{ chats: ChatSummary[] }>(CHAT_LIST_PATH, { signal }),
  initialData: () => takePageResponse<{ chats: ChatSummary[] }>(CHAT_LIST_PATH),
  initialDataUpdatedAt: pageResponsesTime,
});

export const threadQueryOptions = (chatId: string) =>
  queryOptions({
    queryKey: chatKeys.thread(chatId),
    queryFn: ({ signal }) => apiFetch<ThreadResponse>(chatPath(chatId), { signal }),
  });
