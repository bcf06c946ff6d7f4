// The chat header says the deal's price once an offer is accepted (issue 37): 'Reserved for you
// at ₹650' to the buyer, 'Reserved for Pooja at ₹650' to the seller, the listed price struck.
import type { ChatSummary } from "@shared/api/chats";
import { screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatThread } from "./chat-thread";

afterEach(() => vi.unstubAllGlobals());

function chat(overrides: Partial<ChatSummary>, item: Partial<NonNullable<ChatSummary["item"]>>): ChatSummary {
  return {
    id: "chat-1",
    kind: "item",
    tab: "buying",
    counterpart: { id: "u2", name: "Kunal", photoUrl: null },
    itemId: "item-1",
    itemName: "Calculator",
    item: {
      photoUrl: "/api/files/images/calc.webp",
      price: 700,
      status: "reserved",
      isDealWithThisChat: true,
      dealPrice: 650,
      ...item,
    },
    unreadCount: 0,
    isCounterpartBlocked: false,
    recruitmentPurpose: null,
    lastMessage: "Offer accepted: ₹650",
    lastSenderId: "u2",
    updatedAt: "2026-11-20T10:00:00.000Z",
    abilities: { canSend: true, canOffer: true, canRate: false },
    ...overrides,
  };
}

function openThread(summary: ChatSummary) {
  fakeApi((path) =>
    path === "/api/chats/chat-1"
      ? {
          body: {
            chat: summary,
            messages: [],
            counterpartReadAt: null,
            counterpartDeliveredAt: null,
            isNewContact: false,
          },
        }
      : path === "/api/items/item-1/pickup-code"
        ? { body: { pickup: { itemId: "item-1", code: "0427" } } }
        : { status: 204 },
  );
  renderScreen(<ChatThread chatId="chat-1" myId="me" outbox={[]} onSend={vi.fn()} onRetry={vi.fn()} />, {
    path: "/messages",
  });
}

it("tells the buyer 'Reserved for you at ₹650', with the deal's price in place of the listed one", async () => {
  openThread(chat({}, {}));
  const link = await screen.findByRole("link", {
    name: /Kunal.*Calculator.*₹650.*₹700.*Reserved for you at ₹650/,
  });
  expect(link).toHaveAttribute("href", "/item/item-1");
  expect(screen.getByText("Reserved for you at ₹650")).toBeVisible();
  expect(screen.getByText("₹700").tagName).toBe("S");
  // The reserved buyer's pickup code shows under the thread; the seller's 'Confirm handover' does not.
  expect(await screen.findByText("0427")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Confirm handover" })).toBeNull();
});

it("tells the seller 'Reserved for Pooja at ₹650'", async () => {
  openThread(chat({ tab: "selling", counterpart: { id: "u3", name: "Pooja", photoUrl: null } }, {}));
  expect(await screen.findByText("Reserved for Pooja at ₹650")).toBeVisible();
  // The seller gets 'Confirm handover', never the code.
  expect(screen.getByRole("button", { name: "Confirm handover" })).toBeVisible();
  expect(screen.queryByRole("region", { name: "Pickup code" })).toBeNull();
});

it("another buyer's chat says only 'Reserved' at the listed price", async () => {
  openThread(chat({}, { isDealWithThisChat: false, dealPrice: null }));
  expect(await screen.findByText("Reserved")).toBeVisible();
  expect(screen.getByText("₹700")).toBeVisible();
  expect(screen.queryByText(/Reserved for/)).toBeNull();
  expect(screen.queryByText("₹650")).toBeNull();
  expect(screen.queryByRole("region", { name: "Pickup code" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Confirm handover" })).toBeNull();
});
