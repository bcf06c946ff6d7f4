import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { fakePushBrowser } from "../../../components/push-prompt/testing/fake-push-browser";
import { useSendMessage } from "../api/send-message";
import { CHAT, OFFER } from "../testing/chat-thread-fixtures";
import { ChatThread } from "./chat-thread";

// Sending from a thread: the push offer after my first message, and a send the server refuses.
afterEach(() => vi.unstubAllGlobals());

describe("a chat thread", () => {
  it("offers pushes after my first message in the chat; after 'Not now' the server keeps it from asking again", async () => {
    const browser = fakePushBrowser();
    let isDue = true;
    const api = fakeApi((path, init) => {
      if (path === "/api/me/push-prompt") {
        if (init.method === "POST") isDue = false;
        return { body: { isDue } };
      }
      if (path === "/api/chats/chat-1") {
        return {
          body: {
            chat: CHAT,
            messages: [OFFER],
            counterpartReadAt: null,
            counterpartDeliveredAt: null,
            isNewContact: false,
          },
        };
      }
      return { status: 204 };
    });
    const onSend = vi.fn();
    try {
      renderScreen(<ChatThread chatId="chat-1" myId="me" outbox={[]} onSend={onSend} onRetry={vi.fn()} />, {
        path: "/messages",
      });
      const box = await screen.findByRole("textbox", { name: "Type a message" });
      expect(screen.queryByRole("region", { name: "Get notified when Priya Shah replies" })).toBeNull();
      await userEvent.type(box, "Is it still available?{Enter}");
      await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
      const card = await screen.findByRole("region", { name: "Get notified when Priya Shah replies" });
      await userEvent.click(within(card).getByRole("button", { name: "Not now" }));
      await waitFor(() => expect(screen.queryByRole("region", { name: /Get notified/ })).toBeNull());
      expect(api.requests).toContainEqual({
        path: "/api/me/push-prompt",
        method: "POST",
        body: { answer: "not_now" },
      });
      // Another message: the server says the card is not due, and nothing shows.
      await userEvent.type(box, "I can come at 5.{Enter}");
      await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
      await waitFor(() =>
        expect(api.requests.filter((request) => request.path === "/api/me/push-prompt")).toHaveLength(3),
      );
      expect(screen.queryByRole("region", { name: /Get notified/ })).toBeNull();
    } finally {
      browser.remove();
    }
  });
});

function Thread() {
  const { outbox, send, retry } = useSendMessage("me");
  return <ChatThread chatId="chat-1" myId="me" outbox={outbox} onSend={send} onRetry={retry} />;
}

describe("sending from a thread", () => {
  // The refused message stays in the outbox ('Not sent', with Retry), kept in localStorage.
  afterEach(() => localStorage.clear());

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
            counterpartDeliveredAt: null,
            isNewContact: false,
          },
        };
      return { status: 204 };
    });
    renderScreen(<Thread />, { path: "/messages" });
    await user.type(await screen.findByRole("textbox", { name: "Type a message" }), "Still there?");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("You can't reply to this conversation.")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
    expect(api.requests.filter((request) => request.path === "/api/chats/chat-1")).toHaveLength(2);
  });
});
