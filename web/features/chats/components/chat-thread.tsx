import { CHAT_MESSAGES } from "@shared/chats-constants";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api";
import { threadQueryOptions } from "../api/chats-api";
import { useMarkChatRead } from "../api/mark-chat-read";
import type { MessageDraft } from "../api/send-message";
import { buildThreadEntries, chatSubject, type OutboxEntry } from "../thread-messages";
import { MessageBubble } from "./message-bubble";
import { MessageComposer } from "./message-composer";
import { BackToConversations, PaneMessage, ThreadLoading } from "./pane-message";

interface ChatThreadProps {
  chatId: string;
  myId: string;
  outbox: OutboxEntry[];
  onSend: (chatId: string, draft: MessageDraft) => void;
  onRetry: (clientId: string) => void;
}

/** The right pane: who and what the chat is about, the messages, and the composer. */
export function ChatThread({ chatId, myId, outbox, onSend, onRetry }: ChatThreadProps) {
  const { data, isPending, isError, error, refetch } = useQuery(threadQueryOptions(chatId));
  const messages = data?.messages;
  const entries = useMemo(
    () => buildThreadEntries(messages ?? [], outbox, chatId, myId),
    [messages, outbox, chatId, myId],
  );
  const latestIncomingId = messages?.findLast((message) => message.senderId !== myId)?.id;
  const isLoaded = data !== undefined;
  const { mutate: markChatRead } = useMarkChatRead();

  // biome-ignore lint/correctness/useExhaustiveDependencies: latestIncomingId is the trigger: each message that arrives while the chat is open marks it read again
  useEffect(() => {
    // Opening the chat marks its notifications read (the spec's auto-read), and so does each
    // message that arrives while it is open.
    if (!isLoaded) return;
    markChatRead(chatId);
  }, [chatId, isLoaded, latestIncomingId, markChatRead]);

  const logRef = useRef<HTMLDivElement>(null);
  const lastEntryKey = entries.at(-1)?.message.clientId;
  // Keep the newest message in view when the chat opens and whenever one is added.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && isLoaded && lastEntryKey !== undefined) log.scrollTop = log.scrollHeight;
  }, [isLoaded, lastEntryKey]);

  if (isPending) return <ThreadLoading />;
  if (isError) {
    const isMissing = error instanceof ApiError && (error.status === 403 || error.status === 404);
    return (
      <PaneMessage>
        <p role="alert">{isMissing ? CHAT_MESSAGES.chatNotFound : "Could not load this conversation."}</p>
        {isMissing ? null : (
          <button type="button" onClick={() => void refetch()} className={`${secondaryButton} mt-3`}>
            Try again
          </button>
        )}
      </PaneMessage>
    );
  }

  const { chat } = data;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <BackToConversations />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{chat.counterpart.name}</h2>
          <p className="truncate text-sm text-indigo-800">{chatSubject(chat)}</p>
        </div>
      </header>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={`Conversation with ${chat.counterpart.name}`}
        // Focusable so keyboard users can scroll the history.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4"
      >
        {entries.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">{CHAT_MESSAGES.startChatting}</p>
        ) : (
          <ul className="space-y-2">
            {entries.map((entry) => (
              <MessageBubble
                // Sender and clientId stay the same from pending to stored: the bubble is not remounted.
                key={`${entry.message.senderId}:${entry.message.clientId}`}
                entry={entry}
                isMine={entry.message.senderId === myId}
                senderName={chat.counterpart.name}
                onRetry={onRetry}
              />
            ))}
          </ul>
        )}
      </div>
      {chat.abilities.canSend ? (
        <MessageComposer canOffer={chat.abilities.canOffer} onSend={(draft) => onSend(chatId, draft)} />
      ) : null}
    </div>
  );
}
