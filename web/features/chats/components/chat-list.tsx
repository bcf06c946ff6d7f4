import type { ChatSummary, ChatTab } from "@shared/api/chats";
import { CHAT_MESSAGES } from "@shared/chats-constants";
import { variantUrl } from "@shared/images";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { OfflineAware } from "../../../components/ui/offline-state";
import { Spinner } from "../../../components/ui/spinner";
import { type TabItem, Tabs } from "../../../components/ui/tabs";
import { formatTimeOrDay } from "../../../lib/format";
import { chatListQueryOptions } from "../api/chats-api";
import { chatSubject, chatsForTab, unreadOfTab } from "../thread-messages";

const CHAT_TABS: readonly { id: ChatTab; label: string }[] = [
  { id: "buying", label: "Buying" },
  { id: "selling", label: "Selling" },
  { id: "recruitment", label: "Recruitment" },
];

/** A tab's unread count after its name ('Selling 2', read 'Selling 2 unread'); nothing at zero. */
function TabUnread({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="grid h-5 min-w-5 place-items-center rounded-full bg-indigo-700 px-1.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

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
  const query = useQuery(chatListQueryOptions);
  const { data, isPending, isError, refetch } = query;
  const chats = data ? chatsForTab(data.chats, tab) : [];
  const tabs: TabItem<ChatTab>[] = CHAT_TABS.map((item) => ({
    ...item,
    badge: <TabUnread count={data ? unreadOfTab(data.chats, item.id) : 0} />,
  }));

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <Tabs
        label="Chat categories"
        tabs={tabs}
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
        <OfflineAware query={query}>
          {isPending ? (
            <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
              <Spinner className="size-4" />
              Loading conversations...
            </p>
          ) : isError ? (
            <div className="p-4 text-sm">
              <Alert tone="error" variant="inline">
                Could not load your conversations.
              </Alert>
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
        </OfflineAware>
      </div>
    </div>
  );
}

/** The other member's photo, or the first letter of their name. */
function Avatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  if (photoUrl) {
    const src = photoUrl.startsWith("/api/files/") ? variantUrl(photoUrl, "avatar") : photoUrl;
    return (
      <img
        src={src}
        alt=""
        width={44}
        height={44}
        loading="lazy"
        className="size-11 shrink-0 rounded-full bg-slate-200 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-initial={name.trim().charAt(0).toUpperCase() || "?"}
      className="grid size-11 shrink-0 place-items-center rounded-full bg-indigo-100 text-lg font-bold text-indigo-800 before:content-[attr(data-initial)]"
    />
  );
}

function ChatEntry({ chat, isSelected }: { chat: ChatSummary; isSelected: boolean }) {
  const isUnread = chat.unreadCount > 0;
  return (
    <Link
      to={`/messages?chatId=${encodeURIComponent(chat.id)}`}
      aria-current={isSelected ? "true" : undefined}
      className={`flex items-center gap-3 rounded-lg px-2 py-2.5 ${isSelected ? "bg-indigo-50" : "hover:bg-slate-50"}`}
    >
      <Avatar name={chat.counterpart.name} photoUrl={chat.counterpart.photoUrl} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-slate-900 ${isUnread ? "font-bold" : "font-semibold"}`}>
            {chat.counterpart.name}
          </span>
          <time
            dateTime={chat.updatedAt}
            className={`shrink-0 text-xs ${isUnread ? "font-semibold text-indigo-700" : "text-slate-600"}`}
          >
            {formatTimeOrDay(chat.updatedAt)}
          </time>
        </span>
        <span className="block truncate text-sm font-medium text-indigo-800">{chatSubject(chat)}</span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={`block truncate text-sm ${
              isUnread
                ? "font-semibold text-slate-900"
                : chat.lastMessage
                  ? "text-slate-600"
                  : "text-slate-600 italic"
            }`}
          >
            {chat.lastMessage ?? CHAT_MESSAGES.startChatting}
          </span>
          {isUnread ? (
            <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-indigo-700 px-1.5 text-xs font-bold text-white">
              {chat.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
