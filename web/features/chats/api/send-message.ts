import type { Message, SendMessageBody, ThreadResponse } from "@shared/api/chats";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { apiFetch } from "../../../lib/api";
import { retrySend } from "../send-retry";
import { mergeMessage, type OutboxEntry } from "../thread-messages";
import { chatKeys, chatPath } from "./chats-api";

/** Safe to repeat with the same clientId: the server answers with the first copy. */
export function sendChatMessage(chatId: string, body: SendMessageBody): Promise<{ message: Message }> {
  return apiFetch(`${chatPath(chatId)}/messages`, { method: "POST", json: body });
}

/** Works outside secure contexts too (a plain-http address on a campus network has no randomUUID). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
