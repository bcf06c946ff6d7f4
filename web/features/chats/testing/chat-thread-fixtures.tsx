import type { ChatAbilities, ChatSummary, Message } from "@shared/api/chats";
import { vi } from "vitest";
import { type FakeAnswer, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatThread } from "../components/chat-thread";

/**
 * What the chat thread's tests share (components/chat-thread*.test.tsx): an item chat with Priya
 * Shah, the messages it may hold, and the thread opened on a fake API.
 */

export const CHAT: ChatSummary = {
  id: "chat-1",
  kind: "item",
  tab: "buying",
  counterpart: { id: "seller", name: "Priya Shah", photoUrl: null },
  itemId: "item-1",
  itemName: "Calculator",
  item: {
    photoUrl: "/api/files/images/calc.webp",
    price: 900,
    status: "available",
    isDealWithThisChat: false,
    dealPrice: null,
  },
  unreadCount: 0,
  isCounterpartBlocked: false,
  recruitmentPurpose: null,
  lastMessage: null,
  lastSenderId: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  abilities: { canSend: true, canOffer: true, canRate: false },
};

export const OFFER: Message = {
  id: "m1",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-1",
  type: "offer",
  text: "",
  offerPrice: 125000,
  photo: null,
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

export const MINE: Message = {
  id: "m2",
  chatId: "chat-1",
  senderId: "me",
  clientId: "client-2",
  type: "text",
  text: "Deal! Details at https://maps.example.in/hostel-7",
  offerPrice: null,
  photo: null,
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-11-20T10:05:00.000Z",
};

export const WARNING = "You never need to scan a QR code or enter your UPI PIN to receive money.";
export const SAFETY_CARD =
  "Meet in a public place on campus. Check the item before you pay. Never share OTPs or your UPI PIN.";

/** What a fake buyer sends; the server flagged it, and this is the recipient's copy. */
export const SCAM: Message = {
  id: "m3",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-3",
  type: "text",
  text: "Scan the QR I sent and enter your UPI PIN to receive the money",
  offerPrice: null,
  photo: null,
  scamWarning: true,
  photoCheck: null,
  scamFlag: { kind: "qr_or_pin", isFirstOfKind: true, count: 1 },
  createdAt: "2026-11-20T10:06:00.000Z",
};

/** A photo from the other member, as the recipient's copy arrives. */
export const PHOTO: Message = {
  id: "m4",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-4",
  type: "photo",
  text: "",
  offerPrice: null,
  photo: { url: "/api/chats/chat-1/photos/chat-1-abc.webp", width: 1200, height: 900 },
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-11-20T10:07:00.000Z",
};

/** The thread of chat-1 as `me` sees it, with the abilities the server gives and the thread it answers. */
export function openThread(
  abilities: ChatAbilities,
  thread: {
    messages?: Message[];
    counterpartReadAt?: string | null;
    counterpartDeliveredAt?: string | null;
    chat?: Partial<ChatSummary>;
    isNewContact?: boolean;
    openRating?: boolean;
    /** The answer to a rating. */
    rating?: FakeAnswer;
    /** The answer to the seller's counter-offer, asked at each send. */
    counter?: () => FakeAnswer;
  } = {},
) {
  const api = fakeApi((path) =>
    path === "/api/items/item-1/ratings"
      ? (thread.rating ?? { status: 204 })
      : path === "/api/chats/chat-1/offers/m1/counter"
        ? (thread.counter?.() ?? { status: 201, body: { message: OFFER } })
        : path === "/api/chats/chat-1"
          ? {
              body: {
                chat: { ...CHAT, ...thread.chat, abilities },
                messages: thread.messages ?? [OFFER],
                counterpartReadAt: thread.counterpartReadAt ?? null,
                counterpartDeliveredAt: thread.counterpartDeliveredAt ?? null,
                isNewContact: thread.isNewContact ?? false,
              },
            }
          : { status: 204 },
  );
  renderScreen(
    <ChatThread
      chatId="chat-1"
      myId="me"
      outbox={[]}
      onSend={vi.fn()}
      onRetry={vi.fn()}
      openRating={thread.openRating}
    />,
    { path: "/messages" },
  );
  return api;
}
