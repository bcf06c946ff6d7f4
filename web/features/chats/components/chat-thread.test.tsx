import type { ChatAbilities, ChatSummary, Message } from "@shared/api/chats";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatThread } from "./chat-thread";

afterEach(() => vi.unstubAllGlobals());

const CHAT: ChatSummary = {
  id: "chat-1",
  kind: "item",
  tab: "buying",
  counterpart: { id: "seller", name: "Priya Shah" },
  itemId: "item-1",
  itemName: "Calculator",
  recruitmentPurpose: null,
  lastMessage: null,
  lastSenderId: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  abilities: { canSend: true, canOffer: true },
};

const OFFER: Message = {
  id: "m1",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-1",
  type: "offer",
  text: "",
  offerPrice: 125000,
  createdAt: "2026-11-20T10:00:00.000Z",
};

function openThread(abilities: ChatAbilities) {
  const api = fakeApi((path) =>
    path === "/api/chats/chat-1"
      ? { body: { chat: { ...CHAT, abilities }, messages: [OFFER] } }
      : { status: 204 },
  );
  renderScreen(<ChatThread chatId="chat-1" myId="me" outbox={[]} onSend={vi.fn()} onRetry={vi.fn()} />, {
    path: "/messages",
  });
  return api;
}

describe("a chat thread", () => {
  it("shows an offer in rupees, marks the chat read, and offers both rows when the chat allows offers", async () => {
    const api = openThread({ canSend: true, canOffer: true });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.getByLabelText("Offer price (₹)")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Type a message" })).toBeVisible();
    expect(api.requests).toContainEqual({ path: "/api/chats/chat-1/read", method: "POST", body: undefined });
  });

  it("has no offer row where the server allows no offers", async () => {
    openThread({ canSend: true, canOffer: false });
    expect(await screen.findByRole("textbox", { name: "Type a message" })).toBeVisible();
    expect(screen.queryByLabelText("Offer price (₹)")).toBeNull();
  });

  it("has no composer where the server allows no sending", async () => {
    openThread({ canSend: false, canOffer: false });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
  });
});
