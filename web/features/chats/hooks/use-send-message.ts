import type { ThreadResponse } from "@shared/api/chats";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { chatKeys, sendChatMessage } from "../api/chats-api";
import { newClientId } from "../chat-format";
import { retrySend } from "../send-retry";
import { mergeMessage, type OutboxEntry } from "../thread-messages";

export type MessageDraft = { type: "text"; text: string } | { type: "offer"; offerPrice: number };

/**
 * Sending with an outbox: a message shows at once as pending, is retried on network failures
 * with the same clientId (so it is stored once), and ends as stored or failed with Retry. The
 * outbox is kept apart from the thread cache so a refetch of the thread cannot wipe it.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);

  const deliver = useCallback(
    async (entry: OutboxEntry) => {
      try {
        const { message } = await retrySend(() => sendChatMessage(entry.chatId, entry.body));
        queryClient.setQueryData<ThreadResponse>(chatKeys.thread(entry.chatId), (thread) =>
          thread ? { ...thread, messages: mergeMessage(thread.messages, message) } : thread,
        );
        setOutbox((list) => list.filter((item) => item.clientId !== entry.clientId));
      } catch (error) {
        console.warn("A message could not be sent", error);
        setOutbox((list) =>
          list.map((item) => (item.clientId === entry.clientId ? { ...item, status: "failed" } : item)),
        );
      }
    },
    [queryClient],
  );

  const send = useCallback(
    (chatId: string, draft: MessageDraft) => {
      const clientId = newClientId();
      const entry: OutboxEntry = {
        chatId,
        clientId,
        body: { ...draft, clientId },
        createdAt: new Date().toISOString(),
        status: "pending",
      };
      setOutbox((list) => [...list, entry]);
      void deliver(entry);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = outbox.find((item) => item.clientId === clientId);
      if (entry?.status !== "failed") return;
      setOutbox((list) =>
        list.map((item) => (item.clientId === clientId ? { ...item, status: "pending" } : item)),
      );
      void deliver({ ...entry, status: "pending" });
    },
    [outbox, deliver],
  );

  return { outbox, send, retry };
}
