import type { ChatSummary } from "@shared/api/chats";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError } from "../../../../tests/helpers/render-screen";
import { CHAT, openThread } from "../testing/chat-thread-fixtures";

// Rating the other member once the deal is done.
afterEach(() => vi.unstubAllGlobals());

describe("rating in a chat thread", () => {
  const SOLD = { item: { ...CHAT.item, status: "sold", isDealWithThisChat: true } as ChatSummary["item"] };

  it("offers 'Rate {name}' under 'How did the deal go?' once the chat may rate, and not before", async () => {
    openThread({ canSend: true, canOffer: false, canRate: false }, { chat: SOLD });
    await screen.findByRole("log");
    expect(screen.queryByRole("button", { name: "Rate Priya Shah" })).toBeNull();
    cleanup();

    openThread({ canSend: true, canOffer: false, canRate: true }, { chat: SOLD });
    expect(await screen.findByText("How did the deal go?")).toBeVisible();
    expect(screen.getByRole("button", { name: "Rate Priya Shah" })).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opened from the rating prompt (?rate=1), the dialog 'Rate {name}' is open with its stars and comment", async () => {
    openThread({ canSend: true, canOffer: false, canRate: true }, { chat: SOLD, openRating: true });
    const dialog = await screen.findByRole("dialog", { name: "Rate Priya Shah" });
    expect(within(dialog).getByRole("group", { name: "Stars" })).toBeVisible();
    for (const label of ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"])
      expect(within(dialog).getByRole("radio", { name: label })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Comment (optional)" })).toHaveAttribute(
      "maxLength",
      "300",
    );
    expect(within(dialog).getByRole("button", { name: "Submit Rating" })).toBeVisible();
  });

  it("without the right to rate, ?rate=1 opens no dialog", async () => {
    openThread({ canSend: true, canOffer: false, canRate: false }, { chat: SOLD, openRating: true });
    await screen.findByRole("log");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks for 1 to 5 stars, and shows the server's refusal in its words", async () => {
    const user = userEvent.setup();
    openThread(
      { canSend: true, canOffer: false, canRate: true },
      {
        chat: SOLD,
        openRating: true,
        rating: apiError(409, "conflict", "You have already rated this deal."),
      },
    );
    const dialog = await screen.findByRole("dialog", { name: "Rate Priya Shah" });
    await user.click(within(dialog).getByRole("button", { name: "Submit Rating" }));
    expect(await within(dialog).findByText("Please choose 1 to 5 stars.")).toBeVisible();
    await user.click(within(dialog).getByText("4 stars"));
    await user.click(within(dialog).getByRole("button", { name: "Submit Rating" }));
    expect(await within(dialog).findByText("You have already rated this deal.")).toBeVisible();
  });
});
