import type { ChatAbilities, ChatSummary, Message } from "@shared/api/chats";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatThread } from "./chat-thread";

afterEach(() => vi.unstubAllGlobals());

const CHAT: ChatSummary = {
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
  },
  unreadCount: 0,
  recruitmentPurpose: null,
  lastMessage: null,
  lastSenderId: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  abilities: { canSend: true, canOffer: true, canRate: false },
};

const OFFER: Message = {
  id: "m1",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-1",
  type: "offer",
  text: "",
  offerPrice: 125000,
  photo: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

const MINE: Message = {
  id: "m2",
  chatId: "chat-1",
  senderId: "me",
  clientId: "client-2",
  type: "text",
  text: "Deal! Details at https://maps.example.in/hostel-7",
  offerPrice: null,
  photo: null,
  createdAt: "2026-11-20T10:05:00.000Z",
};

function openThread(
  abilities: ChatAbilities,
  thread: { messages?: Message[]; counterpartReadAt?: string | null; chat?: Partial<ChatSummary> } = {},
) {
  const api = fakeApi((path) =>
    path === "/api/chats/chat-1"
      ? {
          body: {
            chat: { ...CHAT, ...thread.chat, abilities },
            messages: thread.messages ?? [OFFER],
            counterpartReadAt: thread.counterpartReadAt ?? null,
          },
        }
      : { status: 204 },
  );
  renderScreen(<ChatThread chatId="chat-1" myId="me" outbox={[]} onSend={vi.fn()} onRetry={vi.fn()} />, {
    path: "/messages",
  });
  return api;
}

describe("a chat thread", () => {
  it("offers 'Report' in the menu of the other member's messages only, opening 'Report this message'", async () => {
    const user = userEvent.setup();
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER, MINE] });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    const menus = screen.getAllByRole("button", { name: "Message from Priya Shah, options" });
    expect(menus).toHaveLength(1);
    await user.click(menus[0] as HTMLElement);
    await user.click(screen.getByRole("menuitem", { name: "Report" }));
    expect(await screen.findByRole("dialog", { name: "Report this message" })).toBeVisible();
  });

  it("shows an offer in rupees, marks the chat read, and opens the offer row from Make Offer", async () => {
    const user = userEvent.setup();
    const api = openThread({ canSend: true, canOffer: true, canRate: false });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Type a message" })).toBeVisible();
    expect(screen.queryByLabelText("Offer price (₹)")).toBeNull();
    expect(api.requests).toContainEqual({ path: "/api/chats/chat-1/read", method: "POST", body: undefined });

    const makeOffer = screen.getByRole("button", { name: "Make Offer" });
    expect(makeOffer).toHaveAttribute("aria-expanded", "false");
    await user.click(makeOffer);
    expect(makeOffer).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Offer price (₹)")).toHaveFocus();
    expect(screen.getByRole("button", { name: "Send Offer" })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByLabelText("Offer price (₹)")).toBeNull();
    expect(makeOffer).toHaveFocus();
  });

  it("has no Make Offer where the server allows no offers", async () => {
    openThread({ canSend: true, canOffer: false, canRate: false });
    expect(await screen.findByRole("textbox", { name: "Type a message" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Make Offer" })).toBeNull();
    expect(screen.getByRole("button", { name: "Send Photo" })).toBeVisible();
  });

  it("heads the thread with the item's photo, name, price and status, linking to the item", async () => {
    openThread({ canSend: true, canOffer: true, canRate: false });
    const link = await screen.findByRole("link", { name: /Priya Shah.*Calculator.*₹900.*Available/ });
    expect(link).toHaveAttribute("href", "/item/item-1");
    expect(link.querySelector("img")).toHaveAttribute("src", "/api/files/images/calc.webp?variant=thumb");
  });

  it("names a recruitment chat by the post's purpose, without an item link", async () => {
    openThread(
      { canSend: true, canOffer: false, canRate: false },
      {
        chat: {
          kind: "recruitment",
          tab: "recruitment",
          itemId: null,
          item: null,
          recruitmentPurpose: "Hackathon team",
        },
      },
    );
    expect(await screen.findByText("Hackathon team")).toBeVisible();
    expect(screen.queryByRole("link", { name: /Hackathon team/ })).toBeNull();
  });

  it("marks my messages Sent, then Seen once the other member has read up to them; links are clickable", async () => {
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER, MINE] });
    const log = await screen.findByRole("log");
    expect(within(log).getByText("Sent")).toBeInTheDocument();
    expect(within(log).queryByText("Seen")).toBeNull();
    const link = within(log).getByRole("link", { name: "https://maps.example.in/hostel-7" });
    expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
    expect(link).toHaveAttribute("target", "_blank");
    cleanup();
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      { messages: [OFFER, MINE], counterpartReadAt: MINE.createdAt },
    );
    expect(await within(await screen.findByRole("log")).findByText("Seen")).toBeInTheDocument();
  });

  it("has no composer where the server allows no sending", async () => {
    openThread({ canSend: false, canOffer: false, canRate: false });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
  });
});
