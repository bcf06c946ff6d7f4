import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MINE, OFFER, openThread, SAFETY_CARD, SCAM, WARNING } from "../testing/chat-thread-fixtures";

// Safety in a chat thread: reporting a message, scam warnings under flagged messages, the safety card.
afterEach(() => vi.unstubAllGlobals());

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

  it("warns under a flagged message with a Report button that opens 'Report this message'", async () => {
    const user = userEvent.setup();
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER, SCAM] });
    const log = await screen.findByRole("log");
    const warning = within(log).getByRole("note", { name: "Scam warning" });
    expect(warning).toHaveTextContent(WARNING);
    // One warning: under the flagged message only, not under the offer before it.
    expect(within(log).getAllByRole("note", { name: "Scam warning" })).toHaveLength(1);
    expect(warning.closest("li")).toHaveTextContent(SCAM.text);

    await user.click(within(warning).getByRole("button", { name: "Report" }));
    expect(await screen.findByRole("dialog", { name: "Report this message" })).toBeVisible();
  });

  it("never warns under my own messages, even if a copy says so", async () => {
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      { messages: [{ ...MINE, scamWarning: true, scamFlag: SCAM.scamFlag }] },
    );
    const log = await screen.findByRole("log");
    expect(within(log).getByRole("img", { name: "Sent" })).toBeInTheDocument();
    expect(within(log).queryByRole("note", { name: "Scam warning" })).toBeNull();
    expect(within(log).queryByText(WARNING)).toBeNull();
  });

  it("opens a first conversation with the safety card, and a later one without it", async () => {
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [], isNewContact: true });
    const log = await screen.findByRole("log");
    expect(within(log).getByRole("region", { name: "Safety tips" })).toHaveTextContent(SAFETY_CARD);
    expect(within(log).getByText("Start chatting")).toBeVisible();
    cleanup();
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER], isNewContact: false });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.queryByText(SAFETY_CARD)).toBeNull();
  });
});
