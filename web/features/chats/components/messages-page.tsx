import type { ChatTab } from "@shared/api/chats";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { InlineLoading } from "../../../components/ui/page-loading";
import { useFullScreenView } from "../../../lib/full-screen-view";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { chatListQueryOptions, threadQueryOptions } from "../api/chats-api";
import { useSendMessage } from "../api/send-message";
import { useChatFromLink } from "../hooks/use-chat-from-link";
import { useVisualViewportBox } from "../hooks/use-visual-viewport";
import { tabOfNewestUnread } from "../thread-messages";
import { ChatList } from "./chat-list";
import { PaneMessage, ThreadLoading } from "./pane-message";

// The thread and its composer (with react-hook-form) load when a conversation is opened: the page
// starts on the list.
const ChatThread = lazyWhenOnline(() =>
  import("./chat-thread").then((module) => ({ default: module.ChatThread })),
);

/**
 * /messages: the chat list beside the open thread on wide screens; on a phone, either the list
 * or the thread. ?userId=&itemId= opens (or creates) the chat about an item; ?chatId= opens one.
 *
 * The page never scrolls: it is exactly the screen below the bar, and only the list and the
 * thread's messages scroll inside it. On a phone an open thread is a view of its own over the
 * whole screen (no bar, no tab bar: useFullScreenView), sized to the visible viewport so the
 * message box stays above the keyboard.
 */
export function MessagesPage() {
  useDocumentTitle("Messages");
  const { user } = useSession();
  const [params] = useSearchParams();
  const chatId = params.get("chatId");
  const opening = useChatFromLink(params.get("userId"), params.get("itemId"));
  const { outbox, send, retry } = useSendMessage(user?.id ?? "");
  const threadRef = useRef<HTMLElement>(null);

  // The tab the user chose, and for which open chat: opening another chat shows that chat's tab.
  const [chosenTab, setChosenTab] = useState<{ tab: ChatTab; forChatId: string | null } | null>(null);
  const { data: list } = useQuery(chatListQueryOptions);
  const { data: thread } = useQuery({ ...threadQueryOptions(chatId ?? ""), enabled: chatId !== null });
  const openChatTab = thread?.chat.tab ?? list?.chats.find((chat) => chat.id === chatId)?.tab;
  // Back from a chat, the list shows that chat's tab.
  const [lastOpenedTab, setLastOpenedTab] = useState<ChatTab | null>(null);
  useEffect(() => {
    if (openChatTab) setLastOpenedTab(openChatTab);
  }, [openChatTab]);
  // The page opens on the tab of the newest unread chat (a seller whose buyer wrote lands on
  // Selling), decided once when the list is first there: new messages later do not move the tabs.
  const [openingTab, setOpeningTab] = useState<ChatTab | null | undefined>(() =>
    list ? tabOfNewestUnread(list.chats) : undefined,
  );
  if (openingTab === undefined && list) setOpeningTab(tabOfNewestUnread(list.chats));
  const tab =
    (chosenTab?.forChatId === chatId ? chosenTab.tab : undefined) ??
    openChatTab ??
    (chatId === null ? lastOpenedTab : null) ??
    chosenTab?.tab ??
    openingTab ??
    "buying";
  const handleTabChange = (next: ChatTab) => setChosenTab({ tab: next, forChatId: chatId });

  const isThreadView = chatId !== null || opening.isConnecting || opening.errorMessage !== null;
  useVisualViewportBox(threadRef, isThreadView);
  useFullScreenView(isThreadView);
  if (!user) return null;

  return (
    // Exactly the screen between the bar (4rem and its 1px border) and the phone's tab bar, so the
    // page itself never scrolls;
    // on a phone with a thread open, the thread covers the screen and nothing is left behind it.
    <div
      className={`mx-auto flex h-[calc(100dvh-4rem-1px-var(--tab-bar-space))] w-full max-w-6xl flex-col md:px-6 md:py-4 lg:px-8 ${
        isThreadView ? "max-md:h-0 max-md:overflow-hidden" : ""
      }`}
    >
      <h1
        className={`px-4 pt-4 pb-2 text-2xl font-bold text-slate-900 md:px-0 md:pt-0 ${
          isThreadView ? "sr-only md:not-sr-only" : ""
        }`}
      >
        Messages
      </h1>
      <div className="flex min-h-0 flex-1 overflow-hidden bg-white md:rounded-2xl md:border md:border-slate-200 md:shadow-sm">
        <section
          aria-label="Chat list"
          className={`${isThreadView ? "hidden md:flex" : "flex"} min-h-0 w-full flex-col p-3 md:w-80 md:shrink-0 md:border-r md:border-slate-200`}
        >
          <ChatList tab={tab} onTabChange={handleTabChange} selectedChatId={chatId} />
        </section>
        <section
          ref={threadRef}
          aria-label="Chat thread"
          className={`${
            isThreadView
              ? "fixed inset-x-0 top-[var(--viewport-top,0px)] z-40 flex h-[var(--viewport-height,100dvh)] bg-white md:static md:z-auto md:h-auto"
              : "hidden md:flex"
          } min-h-0 min-w-0 flex-1 flex-col`}
        >
          {opening.isConnecting ? (
            <PaneMessage>
              <InlineLoading label="Connecting..." />
            </PaneMessage>
          ) : opening.errorMessage ? (
            <PaneMessage>
              <Alert tone="error">{opening.errorMessage}</Alert>
            </PaneMessage>
          ) : chatId ? (
            <Suspense fallback={<ThreadLoading />}>
              <ChatThread
                key={chatId}
                chatId={chatId}
                openRating={params.get("rate") === "1"}
                myId={user.id}
                outbox={outbox}
                onSend={send}
                onRetry={retry}
              />
            </Suspense>
          ) : (
            <PaneMessage>Select a conversation to start chatting.</PaneMessage>
          )}
        </section>
      </div>
    </div>
  );
}
