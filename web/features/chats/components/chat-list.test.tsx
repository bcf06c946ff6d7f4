import type { ChatSummary, ChatTab } from "@shared/api/chats";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatList } from "./chat-list";

afterEach(() => vi.unstubAllGlobals());

function chat(overrides: Partial<ChatSummary>): ChatSummary {
  return {
    id: "chat-1",
    kind: "item",
    tab: "buying",
    counterpart: { id: "u2", name: "Priya Shah", photoUrl: null },
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
    lastMessage: "Is it still available?",
    lastSenderId: "u2",
    abilities: { canSend: true, canOffer: true, canRate: false },
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

function ListWithTabs() {
  const [tab, setTab] = useState<ChatTab>("buying");
  return <ChatList tab={tab} onTabChange={setTab} selectedChatId={null} />;
}

describe("the chat list", () => {
  it("switches Buying, Selling and Recruitment with the arrow keys, Home and End", async () => {
    const user = userEvent.setup();
    fakeApi(() => ({
      body: {
        chats: [
          chat({ id: "b", tab: "buying", counterpart: { id: "u2", name: "Priya Shah", photoUrl: null } }),
          chat({ id: "s", tab: "selling", counterpart: { id: "u3", name: "Rohan Das", photoUrl: null } }),
        ],
      },
    }));
    renderScreen(<ListWithTabs />, { path: "/messages" });

    expect(await screen.findByText("Priya Shah")).toBeVisible();
    expect(screen.getByText("Buying: Calculator")).toBeVisible();
    const buying = screen.getByRole("tab", { name: "Buying" });
    expect(buying).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Buying");

    await user.click(buying);
    await user.keyboard("{ArrowRight}");
    const selling = screen.getByRole("tab", { name: "Selling" });
    expect(selling).toHaveFocus();
    expect(selling).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Rohan Das")).toBeVisible();
    expect(screen.queryByText("Priya Shah")).toBeNull();

    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Recruitment" })).toHaveFocus();
    expect(screen.getByText("No conversations yet.")).toBeVisible();
    await user.keyboard("{ArrowRight}");
    expect(buying).toHaveFocus();
    await user.keyboard("{ArrowLeft}{Home}");
    expect(buying).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").filter((tab) => tab.tabIndex === 0)).toEqual([buying]);
  });

  it("shows each chat's unread count, in bold, and the other member's photo or initial", async () => {
    fakeApi(() => ({
      body: {
        chats: [
          chat({ id: "a", unreadCount: 3, lastMessage: "Still there?" }),
          chat({
            id: "b",
            counterpart: { id: "u3", name: "Rohan Das", photoUrl: "/api/files/profiles/rohan.webp" },
            lastMessage: "Thanks!",
            updatedAt: "2026-11-19T10:00:00.000Z",
          }),
        ],
      },
    }));
    renderScreen(<ListWithTabs />, { path: "/messages" });
    const unread = await screen.findByRole("link", { name: /Priya Shah/ });
    expect(unread).toHaveTextContent("3 unread");
    expect(screen.getByText("Still there?")).toHaveClass("font-semibold");
    const read = screen.getByRole("link", { name: /Rohan Das/ });
    expect(read).not.toHaveTextContent("unread");
    expect(screen.getByText("Thanks!")).not.toHaveClass("font-semibold");
    expect(read.querySelector("img")).toHaveAttribute("src", "/api/files/profiles/rohan.webp?variant=avatar");
  });

  it("shows each tab's unread count after its name, and none on a tab with everything read", async () => {
    fakeApi(() => ({
      body: {
        chats: [
          chat({ id: "s1", tab: "selling", unreadCount: 2 }),
          chat({ id: "s2", tab: "selling", unreadCount: 1 }),
          chat({ id: "r", tab: "recruitment", kind: "recruitment", unreadCount: 4 }),
          chat({ id: "b", tab: "buying", unreadCount: 0 }),
        ],
      },
    }));
    renderScreen(<ListWithTabs />, { path: "/messages" });
    expect(await screen.findByRole("tab", { name: "Selling 3 unread" })).toBeVisible();
    expect(screen.getByRole("tab", { name: "Recruitment 4 unread" })).toBeVisible();
    expect(screen.getByRole("tab", { name: "Buying" })).not.toHaveTextContent(/\d/);
  });
});
