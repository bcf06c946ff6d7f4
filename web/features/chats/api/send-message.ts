import type { Message, SendMessageBody } from "@shared/api/chats";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { ApiError, apiFetch } from "../../../lib/api";
import { deliverUntilAnswered, outboxSnapshot, subscribeOutbox, updateOutbox } from "../outbox";
import type { OutboxEntry } from "../thread-messages";
import { chatKeys, chatPath } from "./chats-api";
import { mergeIntoThread } from "./thread-cache";

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

export type MessageDraft =
  | { type: "text"; text: string }
  | { type: "offer"; offerPrice: number }
  | { type: "photo"; photoId: string }
  /** 'Share my number': the server puts the sender's own number in the card. */
  | { type: "number" };

/** Entries this tab is sending right now: one delivery per entry, however often the page mounts. */
const delivering = new Set<string>();

function deliver(queryClient: QueryClient, userId: string, entry: OutboxEntry): void {
  if (delivering.has(entry.clientId)) return;
  delivering.add(entry.clientId);
  void deliverUntilAnswered(() => sendChatMessage(entry.chatId, entry.body))
    .then(({ message }) => {
      mergeIntoThread(queryClient, entry.chatId, message);
      updateOutbox(userId, (list) => list.filter((item) => item.clientId !== entry.clientId));
    })
    .catch((error: unknown) => {
      console.warn("A message could not be sent", error);
      // Not allowed: a block began since the thread loaded (a blocked student is told nothing
      // live). The thread is fetched again, so its composer gives way to the notice.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: chatKeys.thread(entry.chatId) });
      updateOutbox(userId, (list) =>
        list.map((item) => (item.clientId === entry.clientId ? { ...item, status: "failed" } : item)),
      );
    })
    .finally(() => delivering.delete(entry.clientId));
}

/**
 * Sends what waits in the outbox from any page: the student layout calls it when the live
 * connection opens and the outbox holds something (app/live/live-provider.tsx).
 */
export function deliverWaitingMessages(queryClient: QueryClient, userId: string): void {
  for (const entry of outboxSnapshot(userId))
    if (entry.status === "pending") deliver(queryClient, userId, entry);
}

/**
 * Sending through the outbox (../outbox.ts): a message shows at once as 'Sending…', waits out a
 * lost connection (also across a reload), is sent once the connection is back, and ends stored or,
 * after a refusal, 'Not sent' with Retry. The outbox is apart from the thread cache, so a refetch
 * of the thread cannot wipe it.
 */
export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  const outbox = useSyncExternalStore(subscribeOutbox, () => outboxSnapshot(userId));

  // What a reload or another tab left waiting goes out now (entries already on their way are skipped).
  useEffect(() => {
    for (const entry of outbox) if (entry.status === "pending") deliver(queryClient, userId, entry);
  }, [outbox, queryClient, userId]);

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
      updateOutbox(userId, (list) => [...list, entry]);
    },
    [userId],
  );

  const retry = useCallback(
    (clientId: string) => {
      updateOutbox(userId, (list) =>
        list.map((item) =>
          item.clientId === clientId && item.status === "failed" ? { ...item, status: "pending" } : item,
        ),
      );
    },
    [userId],
  );

  return { outbox, send, retry };
}
