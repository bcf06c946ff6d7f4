import { CHAT_MESSAGES, type ChatSummary, type ChatTab } from "@shared/api/chats";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Spinner } from "../../../components/ui/spinner";
import { type TabItem, Tabs } from "../../../components/ui/tabs";
import { formatTimeOrDay } from "../../../lib/format";
import { chatListQueryOptions } from "../api/chats-api";
import { chatSubject, chatsForTab } from "../thread-messages";

const CHAT_TABS: readonly TabItem<ChatTab>[] = [
  { id: "buying", label: "Buying" },
  { id: "selling", label: "Selling" },
  { id: "recruitment", label: "Recruitment" },
];

interface ChatListProps {
  tab: ChatTab;
  onTabChange: (tab: ChatTab) => void;
  selectedChatId: string | null;
}

/** The left pane: Buying / Selling / Recruitment and the chats of the chosen tab, latest first. */
export function ChatList({ tab, onTabChange, selectedChatId }: ChatListProps) {
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (id: ChatTab) => `${baseId}-tab-${id}`;
  const { data, isPending, isError, refetch } = useQuery(chatListQueryOptions);
  const chats = data ? chatsForTab(data.chats, tab) : [];

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <Tabs
        label="Chat categories"
        tabs={CHAT_TABS}
        selected={tab}
        onSelect={onTabChange}
        tabId={tabId}
        panelId={panelId}
        variant="segmented"
      />
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(tab)}
        // With no entries to move to, the panel itself takes the tab stop (ARIA tabs pattern).
        tabIndex={chats.length > 0 ? undefined : 0}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        {isPending ? (
          <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
            <Spinner className="size-4" />
            Loading conversations...
          </p>
        ) : isError ? (
          <div className="p-4 text-sm">
            <p role="alert" className="text-red-700">
              Could not load your conversations.
            </p>
            <button type="button" onClick={() => void refetch()} className={`${secondaryButton} mt-3`}>
              Try again
            </button>
          </div>
        ) : chats.length === 0 ? (
          <p className="p-4 text-center text-sm text-slate-600">{CHAT_MESSAGES.noConversations}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {chats.map((chat) => (
              <li key={chat.id}>
                <ChatEntry chat={chat} isSelected={chat.id === selectedChatId} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ChatEntry({ chat, isSelected }: { chat: ChatSummary; isSelected: boolean }) {
  return (
    <Link
      to={`/messages?chatId=${encodeURIComponent(chat.id)}`}
      aria-current={isSelected ? "true" : undefined}
      className={`block rounded-lg px-3 py-3 ${isSelected ? "bg-indigo-50" : "hover:bg-slate-50"}`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate font-semibold text-slate-900">{chat.counterpart.name}</span>
        <time dateTime={chat.updatedAt} className="shrink-0 text-xs text-slate-600">
          {formatTimeOrDay(chat.updatedAt)}
        </time>
      </span>
      <span className="block truncate text-sm font-medium text-indigo-800">{chatSubject(chat)}</span>
      <span
        className={`block truncate text-sm ${chat.lastMessage ? "text-slate-600" : "text-slate-600 italic"}`}
      >
        {chat.lastMessage ?? CHAT_MESSAGES.startChatting}
      </span>
    </Link>
  );
}
