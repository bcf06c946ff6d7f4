import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { CHAT, OFFER, openThread } from "../testing/chat-thread-fixtures";
import { ChatThread } from "./chat-thread";

// Blocking in a chat thread, the composer it takes away, and sharing my number.
afterEach(() => vi.unstubAllGlobals());

describe("a chat thread", () => {
  it("has no composer where the server allows no sending", async () => {
    openThread({ canSend: false, canOffer: false, canRate: false });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
  });
});

describe("blocking in a chat thread", () => {
  it("without canSend, shows 'You can't reply to this conversation.' instead of the composer", async () => {
    openThread({ canSend: false, canOffer: false, canRate: false });
    expect(await screen.findByText("You can't reply to this conversation.")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Share my number" })).toBeNull();
  });

  it("the thread's menu blocks the other member after the confirmation, and offers Unblock once blocked", async () => {
    const user = userEvent.setup();
    const api = openThread({ canSend: true, canOffer: true, canRate: false });
    await user.click(
      await screen.findByRole("button", { name: "More options for the conversation with Priya Shah" }),
    );
    await user.click(screen.getByRole("menuitem", { name: "Block" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Block Priya Shah? They won't be able to message you, and you won't see their listings.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Block" }));
    await vi.waitFor(() =>
      expect(api.requests).toContainEqual({
        path: "/api/users/seller/block",
        method: "PUT",
        body: undefined,
      }),
    );
    cleanup();
    vi.unstubAllGlobals();
    openThread({ canSend: false, canOffer: false, canRate: false }, { chat: { isCounterpartBlocked: true } });
    await user.click(
      await screen.findByRole("button", { name: "More options for the conversation with Priya Shah" }),
    );
    expect(screen.getByRole("menuitem", { name: "Unblock" })).toBeVisible();
  });

  it("'Share my number' asks first, sends a number message on Share, and a number card shows a Call link", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    fakeApi((path) =>
      path === "/api/chats/chat-1"
        ? {
            body: {
              chat: { ...CHAT, abilities: { canSend: true, canOffer: true, canRate: false } },
              messages: [{ ...OFFER, id: "m9", type: "number", text: "9812345678", offerPrice: null }],
              counterpartReadAt: null,
              counterpartDeliveredAt: null,
            },
          }
        : { status: 204 },
    );
    renderScreen(<ChatThread chatId="chat-1" myId="me" outbox={[]} onSend={onSend} onRetry={vi.fn()} />, {
      path: "/messages",
    });
    expect(await screen.findByRole("link", { name: "9812345678" })).toHaveAttribute("href", "tel:9812345678");
    // Cancel sends nothing.
    await user.click(screen.getByRole("button", { name: "Share my number" }));
    let dialog = screen.getByRole("dialog", { name: "Share my number" });
    expect(dialog).toHaveTextContent(
      "Share your mobile number with Priya Shah? They will see it in this chat and can call you.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    // Share sends the number, once.
    await user.click(screen.getByRole("button", { name: "Share my number" }));
    dialog = screen.getByRole("dialog", { name: "Share my number" });
    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith("chat-1", { type: "number" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
