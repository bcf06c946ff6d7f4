import type { ChatSummary } from "@shared/api/chats";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError } from "../../../../tests/helpers/render-screen";
import { CHAT, OFFER, openThread } from "../testing/chat-thread-fixtures";

// Offers in a chat thread: Make Offer, answering a pending offer, the seller's counter, closed offers.
afterEach(() => vi.unstubAllGlobals());

describe("a chat thread", () => {
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

  it("answers a pending offer while the item is available, and says why not once it is reserved for another buyer", async () => {
    const pending = {
      ...OFFER,
      offer: { status: "pending" as const, isCounter: true, expiresAt: "2999-01-01T00:00:00.000Z" },
    };
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [pending] });
    const log = await screen.findByRole("log");
    expect(await within(log).findByRole("button", { name: "Accept" })).toBeVisible();
    cleanup();

    openThread(
      { canSend: true, canOffer: false, canRate: false },
      {
        messages: [pending],
        chat: {
          item: { ...CHAT.item, status: "reserved", isDealWithThisChat: false } as ChatSummary["item"],
        },
      },
    );
    const closed = await screen.findByRole("log");
    expect(await within(closed).findByText("This item is reserved for another buyer.")).toBeVisible();
    expect(within(closed).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(within(closed).queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("the seller's Counter sends the price, shows the server's refusal in its words, and closes once taken", async () => {
    const user = userEvent.setup();
    const pending = {
      ...OFFER,
      offer: { status: "pending" as const, isCounter: false, expiresAt: "2999-01-01T00:00:00.000Z" },
    };
    let answer = apiError(409, "conflict", "This offer has already been answered.");
    const api = openThread(
      { canSend: true, canOffer: false, canRate: false },
      { messages: [pending], chat: { tab: "selling" }, counter: () => answer },
    );
    const log = await screen.findByRole("log");
    await user.click(await within(log).findByRole("button", { name: "Counter" }));
    const dialog = await screen.findByRole("dialog", { name: "Counter-offer" });
    await user.type(within(dialog).getByRole("spinbutton", { name: "Offer price (₹)" }), "1100");
    await user.click(within(dialog).getByRole("button", { name: "Send Counter" }));
    expect(await within(dialog).findByText("This offer has already been answered.")).toBeVisible();
    const counters = () => api.requests.filter((request) => request.path.endsWith("/counter"));
    expect(counters()).toEqual([
      expect.objectContaining({ method: "POST", body: expect.objectContaining({ offerPrice: 1100 }) }),
    ]);

    const counterOffer = {
      ...pending,
      id: "m-counter",
      clientId: "client-counter",
      senderId: "me",
      offerPrice: 1100,
      createdAt: "2026-11-20T10:05:00.000Z",
      offer: { status: "pending" as const, isCounter: true, expiresAt: "2999-01-01T00:00:00.000Z" },
    };
    answer = { status: 201, body: { message: counterOffer } };
    const threadFetches = api.requests.filter((request) => request.path === "/api/chats/chat-1").length;
    await user.click(within(dialog).getByRole("button", { name: "Send Counter" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Counter-offer" })).toBeNull());
    expect(counters()).toHaveLength(2);
    // The counter-offer joins the thread from the answer, with no fetch of the thread.
    expect(await within(log).findByText(/Counter-offer ·/)).toBeVisible();
    expect(api.requests.filter((request) => request.path === "/api/chats/chat-1")).toHaveLength(
      threadFetches,
    );
  });

  it("a pending offer on an expired listing says 'This listing has expired.' in place of its answers", async () => {
    const pending = {
      ...OFFER,
      offer: { status: "pending" as const, isCounter: false, expiresAt: "2999-01-01T00:00:00.000Z" },
    };
    openThread(
      { canSend: true, canOffer: false, canRate: false },
      {
        messages: [pending],
        chat: { tab: "selling", item: { ...CHAT.item, status: "expired" } as ChatSummary["item"] },
      },
    );
    const log = await screen.findByRole("log");
    expect(await within(log).findByText("This listing has expired.")).toBeVisible();
    expect(within(log).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(screen.getByText("Expired", { selector: "span" })).toBeVisible();
  });

  it("an offer closed by the sale says 'This item has been sold.' with no answers, on either side", async () => {
    const closedOffer = {
      ...OFFER,
      offer: { status: "closed" as const, isCounter: false, expiresAt: "2999-01-01T00:00:00.000Z" },
    };
    for (const tab of ["buying", "selling"] as const) {
      openThread(
        { canSend: true, canOffer: false, canRate: false },
        { messages: [closedOffer], chat: { tab } },
      );
      const log = await screen.findByRole("log");
      expect(await within(log).findByText("This item has been sold.")).toBeVisible();
      for (const name of ["Accept", "Decline", "Counter", "Withdraw"])
        expect(within(log).queryByRole("button", { name })).toBeNull();
      cleanup();
    }
  });
});
