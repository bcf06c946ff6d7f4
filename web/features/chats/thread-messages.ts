import type { ChatSummary, ChatTab, Message, SendMessageBody } from "@shared/api/chats";

/** Keeps a thread in the server's order: oldest first, ties broken by id. */
function compareMessages(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function isSameMessage(a: Message, b: Message): boolean {
  return a.id === b.id || (a.senderId === b.senderId && a.clientId === b.clientId);
}

/**
 * Adds a stored message to a thread. The same message can arrive twice (the answer to our own
 * send, then the live event, or a replay): a copy with the same id or clientId is replaced.
 */
export function mergeMessage(messages: readonly Message[], incoming: Message): Message[] {
  const others = messages.filter((message) => !isSameMessage(message, incoming));
  const index = others.findIndex((message) => compareMessages(message, incoming) > 0);
  if (index === -1) return [...others, incoming];
  return [...others.slice(0, index), incoming, ...others.slice(index)];
}

/** A message of ours the server has not confirmed yet. */
export interface OutboxEntry {
  chatId: string;
  clientId: string;
  body: SendMessageBody;
  createdAt: string;
  status: "pending" | "failed";
}

export interface ThreadEntry {
  message: Message;
  status: "sent" | "pending" | "failed";
}

/**
 * A message of ours as it shows before the server has it. An offer shows its amount; a photo shows
 * a placeholder (the server serves it once the message exists).
 */
export function draftMessage(entry: OutboxEntry, senderId: string): Message {
  const { body } = entry;
  return {
    id: `local-${entry.clientId}`,
    chatId: entry.chatId,
    senderId,
    clientId: entry.clientId,
    type: body.type,
    text: body.type === "text" ? body.text.trim() : "",
    offerPrice: body.type === "offer" ? body.offerPrice : null,
    photo: null,
    scamWarning: false,
    photoCheck: null,
    createdAt: entry.createdAt,
  };
}

/** Mine and stored: 'Seen' once the other member has read the chat up to it, else 'Sent'. */
export function isSeen(message: Message, counterpartReadAt: string | null): boolean {
  return counterpartReadAt !== null && Date.parse(message.createdAt) <= Date.parse(counterpartReadAt);
}

/** A stored message of mine, like WhatsApp's ticks: sent (one), delivered to a device (two), seen (two coloured). */
export type ReadState = "sent" | "delivered" | "seen";

export function readStateOf(
  message: Message,
  counterpartDeliveredAt: string | null,
  counterpartReadAt: string | null,
): ReadState {
  if (isSeen(message, counterpartReadAt)) return "seen";
  const isDelivered =
    counterpartDeliveredAt !== null && Date.parse(message.createdAt) <= Date.parse(counterpartDeliveredAt);
  return isDelivered ? "delivered" : "sent";
}

/**
 * What the thread shows: the stored messages, then ours still on their way. An outbox entry
 * disappears as soon as its stored copy (same clientId) is there, so nothing shows twice.
 */
export function buildThreadEntries(
  messages: readonly Message[],
  outbox: readonly OutboxEntry[],
  chatId: string,
  myId: string,
): ThreadEntry[] {
  const stored = new Set(messages.filter((m) => m.senderId === myId).map((m) => m.clientId));
  const entries: ThreadEntry[] = messages.map((message) => ({ message, status: "sent" }));
  for (const entry of outbox) {
    if (entry.chatId !== chatId || stored.has(entry.clientId)) continue;
    entries.push({ message: draftMessage(entry, myId), status: entry.status });
  }
  return entries;
}

/** Latest update first, as the spec orders the chat list. */
export function sortChats(chats: readonly ChatSummary[]): ChatSummary[] {
  return [...chats].sort((a, b) => (a.updatedAt === b.updatedAt ? 0 : a.updatedAt < b.updatedAt ? 1 : -1));
}

/** The Messages badge: every chat's unread messages (the server's count of unread message notifications). */
export function unreadTotal(chats: readonly ChatSummary[]): number {
  return chats.reduce((total, chat) => total + chat.unreadCount, 0);
}

/** A tab's unread messages: the sum of its chats' unread counts (the server's unread message notifications). */
export function unreadOfTab(chats: readonly ChatSummary[], tab: ChatTab): number {
  return unreadTotal(chats.filter((chat) => chat.tab === tab));
}

/** The tab of the most recently updated chat with unread messages; null when everything is read. */
export function tabOfNewestUnread(chats: readonly ChatSummary[]): ChatTab | null {
  return sortChats(chats).find((chat) => chat.unreadCount > 0)?.tab ?? null;
}

export function chatsForTab(chats: readonly ChatSummary[], tab: ChatTab): ChatSummary[] {
  return sortChats(chats.filter((chat) => chat.tab === tab));
}

/** The line under the counterpart's name: 'Selling: Calculator', or the recruitment purpose. */
export function chatSubject(chat: ChatSummary): string {
  if (chat.tab === "recruitment") return chat.recruitmentPurpose ?? chat.itemName;
  return `${chat.tab === "selling" ? "Selling" : "Buying"}: ${chat.itemName}`;
}
