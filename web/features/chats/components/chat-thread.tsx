import type { ChatSummary } from "@shared/api/chats";
import { CHAT_MESSAGES, CHAT_SAFETY_TEXTS } from "@shared/chats-constants";
import { DEAL_PRICE_TEXTS } from "@shared/deal-price-texts";
import { DEAL_MESSAGES } from "@shared/deals-constants";
import { variantUrl } from "@shared/images";
import { BLOCK_LABEL, CANNOT_REPLY, UNBLOCK_LABEL } from "@shared/trust-constants";
import { useQuery } from "@tanstack/react-query";
import Ellipsis from "lucide-react/icons/ellipsis";
import ShieldCheck from "lucide-react/icons/shield-check";
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useBlockUser } from "../../../components/trust/block-user";
import { Alert } from "../../../components/ui/alert";
import { ghostButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { Menu } from "../../../components/ui/menu";
import { OfflineSnapshotNote } from "../../../components/ui/offline-state";
import { ApiError } from "../../../lib/api";
import { formatRupees } from "../../../lib/format";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { threadQueryOptions } from "../api/chats-api";
import { useMarkChatRead } from "../api/mark-chat-read";
import type { MessageDraft } from "../api/send-message";
import { buildThreadEntries, type OutboxEntry, readStateOf } from "../thread-messages";
import { buildThreadRows } from "../thread-rows";
import { useFirstMessagePrompt } from "./first-message-prompt";
import { MeetupHeaderLine, SuggestMeetupBar } from "./meetup-card";
import { MessageBubble } from "./message-bubble";
import { MessageComposer } from "./message-composer";
import { BackToConversations, PaneMessage, ThreadLoading } from "./pane-message";
import { PickupPanel } from "./pickup-panel";
import { RepeatedFlagBanner } from "./scam-flags";

interface ChatThreadProps {
  chatId: string;
  myId: string;
  outbox: OutboxEntry[];
  onSend: (chatId: string, draft: MessageDraft) => void;
  onRetry: (clientId: string) => void;
  /** Opened from the rating prompt (?rate=1): the rating dialog opens once the chat allows rating. */
  openRating?: boolean;
}

type Photo = { url: string; width: number; height: number };

// 'Report this message' loads when a message's menu asks for it.
const ReportDialog = lazyWhenOnline(() =>
  import("../../../components/trust/report-dialog").then((module) => ({ default: module.ReportDialog })),
);

// 'Rate {name}' loads when it is opened.
const RateDialog = lazyWhenOnline(() =>
  import("../../../components/deals/rate-dialog").then((module) => ({ default: module.RateDialog })),
);

/** The right pane (on a phone, the whole screen): who and what, the messages, and the composer. */
export function ChatThread({ chatId, myId, outbox, onSend, onRetry, openRating = false }: ChatThreadProps) {
  const { data, dataUpdatedAt, isPending, isError, error, refetch } = useQuery(threadQueryOptions(chatId));
  const messages = data?.messages;
  const entries = useMemo(
    () => buildThreadEntries(messages ?? [], outbox, chatId, myId),
    [messages, outbox, chatId, myId],
  );
  const rows = useMemo(() => buildThreadRows(entries), [entries]);
  const latestIncomingId = messages?.findLast((message) => message.senderId !== myId)?.id;
  const hasWritten = entries.some(({ message }) => message.senderId === myId && message.type !== "system");
  const firstMessagePrompt = useFirstMessagePrompt(chatId, hasWritten, data?.chat.counterpart.name);
  const isLoaded = data !== undefined;
  const { mutate: markChatRead } = useMarkChatRead();
  const [openPhoto, setOpenPhoto] = useState<Photo | null>(null);
  const [reportedMessageId, setReportedMessageId] = useState<string | null>(null);
  const [isRating, setIsRating] = useState(false);
  const canRate = data?.chat.abilities.canRate === true;
  const hasOpenedRating = useRef(false);
  useEffect(() => {
    if (!openRating || !canRate || hasOpenedRating.current) return;
    hasOpenedRating.current = true;
    setIsRating(true);
  }, [openRating, canRate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: latestIncomingId is the trigger: each message that arrives while the chat is open marks it read again
  useEffect(() => {
    // Opening the chat marks its notifications read (the spec's auto-read) and tells the other
    // member it was seen; so does each message that arrives while it is open.
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
        <Alert tone="error" variant="inline">
          {isMissing ? CHAT_MESSAGES.chatNotFound : "Could not load this conversation."}
        </Alert>
        {isMissing ? null : (
          <button type="button" onClick={() => void refetch()} className={`${secondaryButton} mt-3`}>
            Try again
          </button>
        )}
      </PaneMessage>
    );
  }

  const { chat, counterpartReadAt, counterpartDeliveredAt, isNewContact } = data;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader chat={chat} />
      <RepeatedFlagBanner chat={chat} messages={data.messages} myId={myId} onReport={setReportedMessageId} />
      <OfflineSnapshotNote
        updatedAt={dataUpdatedAt}
        className="border-b border-slate-200 bg-white px-3 py-1.5"
      />
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={`Conversation with ${chat.counterpart.name}`}
        // Focusable so keyboard users can scroll the history.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        // relative: the screen-reader labels inside (position: absolute) stay in this box instead
        // of stretching the page below the screen.
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-3"
      >
        {isNewContact ? <SafetyCard /> : null}
        {entries.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">{CHAT_MESSAGES.startChatting}</p>
        ) : (
          <ul>
            {rows.map((row) =>
              row.kind === "day" ? (
                // In the flow, not pinned over the history: the day chip never covers a message.
                <li key={row.key} data-day-chip="" className="my-3 flex justify-center first:mt-0">
                  <span className="rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200">
                    {row.label}
                  </span>
                </li>
              ) : (
                <MessageBubble
                  key={row.key}
                  entry={row.entry}
                  isMine={row.entry.message.senderId === myId}
                  readState={readStateOf(row.entry.message, counterpartDeliveredAt, counterpartReadAt)}
                  isGroupStart={row.isGroupStart}
                  isGroupEnd={row.isGroupEnd}
                  senderName={chat.counterpart.name}
                  isSeller={chat.tab === "selling"}
                  offersClosedBy={offersClosedBy(chat)}
                  onRetry={onRetry}
                  onOpenPhoto={setOpenPhoto}
                  onReport={
                    row.entry.message.senderId !== myId && row.entry.status === "sent"
                      ? setReportedMessageId
                      : undefined
                  }
                />
              ),
            )}
          </ul>
        )}
      </div>
      <PickupPanel chat={chat} onHandedOver={refetch} />
      {chat.abilities.canRate && chat.itemId ? (
        <div className="flex shrink-0 items-center justify-between gap-2 border-t border-slate-200 bg-amber-50 px-3 py-2">
          <p className="text-sm text-amber-950">How did the deal go?</p>
          <button type="button" onClick={() => setIsRating(true)} className={`${secondaryButton} shrink-0`}>
            Rate {chat.counterpart.name}
          </button>
        </div>
      ) : null}
      {isRating && chat.itemId ? (
        <Suspense fallback={null}>
          <RateDialog
            itemId={chat.itemId}
            name={chat.counterpart.name}
            // The thread is fetched again, so its 'Rate' button gives way.
            onRated={refetch}
            onClose={() => setIsRating(false)}
          />
        </Suspense>
      ) : null}
      {chat.abilities.canSend && chat.kind === "item" && chat.itemId ? (
        <SuggestMeetupBar chatId={chatId} />
      ) : null}
      {firstMessagePrompt.card}
      {chat.abilities.canSend ? (
        <MessageComposer
          canOffer={chat.abilities.canOffer}
          counterpartName={chat.counterpart.name}
          onSend={(draft) => {
            firstMessagePrompt.noteSend();
            onSend(chatId, draft);
          }}
        />
      ) : (
        // Either member blocked the other: both see this, and the server refuses any send.
        <p
          role="status"
          className="shrink-0 border-t border-slate-200 bg-slate-100 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-sm text-slate-800"
        >
          {CANNOT_REPLY}
        </p>
      )}
      {reportedMessageId ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={{ type: "message", id: reportedMessageId }}
            onClose={() => setReportedMessageId(null)}
          />
        </Suspense>
      ) : null}
      {openPhoto ? (
        <Dialog
          title={`Photo from the conversation with ${chat.counterpart.name}`}
          onClose={() => setOpenPhoto(null)}
        >
          <img
            src={variantUrl(openPhoto.url, "detail")}
            alt="Sent in the conversation"
            width={openPhoto.width}
            height={openPhoto.height}
            className="mt-4 h-auto max-h-[70dvh] w-full rounded-lg bg-slate-100 object-contain"
          />
          <div className="mt-4 flex justify-end">
            <button type="button" onClick={() => setOpenPhoto(null)} className={secondaryButton}>
              Close
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * The first conversation with someone opens with the safety rules of meeting a stranger to trade.
 * It is the conversation's first row, so it scrolls away with the history instead of covering it.
 */
function SafetyCard() {
  return (
    <section
      aria-label="Safety tips"
      className="mx-auto mb-3 flex max-w-md items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
      <p>{CHAT_SAFETY_TEXTS.safetyCard}</p>
    </section>
  );
}

/** The thread's menu: Block (after the confirmation) or Unblock the other member. */
function ThreadMenu({ chat }: { chat: ChatSummary }) {
  const { block, unblock, confirmDialog } = useBlockUser();
  const person = { id: chat.counterpart.id, name: chat.counterpart.name };
  return (
    <>
      <Menu
        label={`More options for the conversation with ${chat.counterpart.name}`}
        trigger={<Ellipsis aria-hidden="true" className="size-5" />}
        triggerClassName={`${ghostButton} size-11 shrink-0 px-0`}
        items={[
          chat.isCounterpartBlocked
            ? { label: UNBLOCK_LABEL, onSelect: () => unblock(person) }
            : { label: BLOCK_LABEL, onSelect: () => void block(person) },
        ]}
      />
      {confirmDialog}
    </>
  );
}

const STATUS_LABELS = {
  available: "Available",
  reserved: "Reserved",
  sold: "Sold",
  expired: "Expired",
  removed: "No longer listed",
} as const;
const STATUS_TONES = {
  available: "bg-green-100 text-green-800",
  reserved: "bg-amber-100 text-amber-900",
  sold: "bg-slate-200 text-slate-800",
  expired: "bg-amber-100 text-amber-900",
  removed: "bg-slate-200 text-slate-800",
} as const;

/** An item's own image, as the small square thumbnail when it is one of ours. */
function itemThumbnail(url: string): string {
  return url.startsWith("/api/files/") ? variantUrl(url, "thumb") : url;
}

/**
 * Who the chat is with and what it is about: the item's photo, name, price and status, leading to
 * the item's page; for a recruitment chat, the post's purpose.
 */
function ThreadHeader({ chat }: { chat: ChatSummary }) {
  const { item } = chat;
  // The accepted price is the deal's: 'Reserved for you at ₹650' / 'Reserved for Pooja at ₹650'.
  const dealLine =
    item?.dealPrice != null
      ? chat.tab === "selling"
        ? DEAL_PRICE_TEXTS.reservedFor(chat.counterpart.name, item.dealPrice)
        : DEAL_PRICE_TEXTS.reservedForYou(item.dealPrice)
      : null;
  const about =
    chat.kind === "recruitment" ? (
      <span className="block truncate text-sm text-indigo-800">
        {chat.recruitmentPurpose ?? chat.itemName}
      </span>
    ) : (
      <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
        <span className="truncate">{chat.itemName}</span>
        {item ? (
          <>
            <span className="shrink-0 font-semibold text-slate-900">
              {formatRupees(item.dealPrice ?? item.price)}
            </span>
            {item.dealPrice !== null && item.dealPrice !== item.price ? (
              <s className="shrink-0 text-xs text-slate-600">{formatRupees(item.price)}</s>
            ) : null}
            {dealLine ? null : (
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[item.status]}`}
              >
                {STATUS_LABELS[item.status]}
              </span>
            )}
          </>
        ) : null}
      </span>
    );
  const content = (
    <>
      {item ? (
        <img
          src={itemThumbnail(item.photoUrl)}
          alt=""
          width={44}
          height={44}
          className="size-11 shrink-0 rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-base font-semibold text-slate-900">{chat.counterpart.name}</span>
        {about}
        {dealLine ? (
          <span className="block truncate text-xs font-semibold text-amber-900">{dealLine}</span>
        ) : null}
        {chat.kind === "item" ? <MeetupHeaderLine chatId={chat.id} /> : null}
      </span>
    </>
  );
  return (
    <header className="relative flex shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5">
      <BackToConversations />
      <h2 className="sr-only">
        {chat.counterpart.name}:{" "}
        {chat.kind === "recruitment" ? (chat.recruitmentPurpose ?? chat.itemName) : chat.itemName}
      </h2>
      {chat.kind === "item" && chat.itemId && item && item.status !== "removed" ? (
        <Link
          to={`/item/${encodeURIComponent(chat.itemId)}`}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg px-1 py-1 hover:bg-slate-50"
        >
          {content}
        </Link>
      ) : (
        <div className="flex min-h-11 min-w-0 flex-1 items-center gap-3 px-1 py-1">{content}</div>
      )}
      {chat.counterpart.id ? <ThreadMenu chat={chat} /> : null}
    </header>
  );
}

/** Why the chat's pending offers cannot be answered now, shown in their place; null while they can. */
function offersClosedBy(chat: ChatSummary): string | null {
  const status = chat.item?.status;
  if (status === "expired") return DEAL_MESSAGES.listingExpired;
  if (status === "sold" || status === "removed") return DEAL_MESSAGES.sold;
  if (status === "reserved" && !chat.item?.isDealWithThisChat) return DEAL_MESSAGES.reservedForOther;
  return null;
}
