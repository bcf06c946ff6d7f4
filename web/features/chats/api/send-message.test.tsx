import type { ChatSummary } from "@shared/api/chats";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatThread } from "../components/chat-thread";
import { useSendMessage } from "./send-message";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

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
  isCounterpartBlocked: false,
  recruitmentPurpose: null,
  lastMessage: null,
  lastSenderId: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  abilities: { canSend: true, canOffer: false, canRate: false },
};

function Thread() {
  const { outbox, send, retry } = useSendMessage("me");
  return <ChatThread chatId="chat-1" myId="me" outbox={outbox} onSend={send} onRetry={retry} />;
}

describe("sending a message", () => {
  it("refused as not allowed (a block the blocked student was not told of), fetches the thread again: the composer gives way to the notice", async () => {
    const user = userEvent.setup();
    let isBlocked = false;
    const api = fakeApi((path, init) => {
      if (path === "/api/chats/chat-1/messages" && init.method === "POST") {
        isBlocked = true;
        return apiError(403, "forbidden", "You can't message this user.");
      }
      if (path === "/api/chats/chat-1")
        return {
          body: {
            chat: { ...CHAT, abilities: { ...CHAT.abilities, canSend: !isBlocked } },
            messages: [],
            counterpartReadAt: null,
            isNewContact: false,
          },
        };
      return { status: 204 };
    });
    renderScreen(<Thread />, { path: "/messages" });
    await user.type(await screen.findByRole("textbox", { name: "Type a message" }), "Still there?");
    await user.click(screen.getByRole("button", { name: "Send", exact: true }));
    expect(await screen.findByText("You can't reply to this conversation.")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
    expect(api.requests.filter((request) => request.path === "/api/chats/chat-1")).toHaveLength(2);
  });
});
