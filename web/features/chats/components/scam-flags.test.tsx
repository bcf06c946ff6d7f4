import type { ChatSummary, Message } from "@shared/api/chats";
import { SCAM_KIND_WARNINGS, SENDER_FLAG_NOTICE } from "@shared/scam-kinds";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ChatThread } from "./chat-thread";

// Issue 38, "Warnings that fit the scam", as the thread shows what the server decided: the kind's
// words under the first message of that kind, a 'Flagged' chip after, the banner from the second
// flag with Report and Block, the sender's notice once, and a photo with a QR code blurred.

afterEach(() => vi.unstubAllGlobals());

const CHAT: ChatSummary = {
  id: "chat-1",
  kind: "item",
  tab: "selling",
  counterpart: { id: "buyer", name: "Rohit Verma", photoUrl: null },
  itemId: "item-1",
  itemName: "Hero Sprint cycle",
  item: {
    photoUrl: "/api/files/images/cycle.webp",
    price: 3500,
    status: "available",
    isDealWithThisChat: false,
    dealPrice: null,
  },
  unreadCount: 0,
  isCounterpartBlocked: false,
  recruitmentPurpose: null,
  lastMessage: null,
  lastSenderId: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  abilities: { canSend: true, canOffer: false, canRate: false },
};

let next = 0;
function message(fields: Partial<Message>): Message {
  next += 1;
  return {
    id: `m${next}`,
    chatId: "chat-1",
    senderId: "buyer",
    clientId: `client-${next}`,
    type: "text",
    text: "Is it available?",
    offerPrice: null,
    photo: null,
    scamWarning: false,
    photoCheck: null,
    scamFlag: null,
    flagNotice: false,
    createdAt: `2026-11-20T10:${String(next).padStart(2, "0")}:00.000Z`,
    ...fields,
  };
}

const flagged = (text: string, kind: "advance" | "off_platform", isFirstOfKind: boolean, count: number) =>
  message({ text, scamWarning: true, scamFlag: { kind, isFirstOfKind, count } });

function openThread(messages: Message[]) {
  const api = fakeApi((path) =>
    path === "/api/chats/chat-1"
      ? { body: { chat: CHAT, messages, counterpartReadAt: null, isNewContact: true } }
      : { status: 204 },
  );
  renderScreen(<ChatThread chatId="chat-1" myId="me" outbox={[]} onSend={vi.fn()} onRetry={vi.fn()} />, {
    path: "/messages",
  });
  return api;
}

const OFF_PLATFORM = SCAM_KIND_WARNINGS.off_platform;
const BANNER = "Rohit Verma has asked for payment before meeting twice. This is how most scams start.";

describe("warnings that fit the scam", () => {
  it("shows the kind's words once under the first message of that kind, then a chip that opens them", async () => {
    const user = userEvent.setup();
    const first = flagged("Call me on 98765 43210", "off_platform", true, 1);
    const later = flagged("or msg me on WhatsApp", "off_platform", false, 2);
    openThread([message({}), first, later]);
    const log = await screen.findByRole("log");

    const cards = within(log).getAllByRole("note", { name: "Scam warning" });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent(OFF_PLATFORM);
    expect(cards[0]?.closest("li")).toHaveTextContent(first.text);

    const chip = within(log).getByRole("button", { name: "Flagged" });
    expect(chip.closest("li")).toHaveTextContent(later.text);
    expect(chip.closest("li")?.querySelector("[role=note]:not([hidden])")).toBeNull();
    expect(chip).toHaveAttribute("aria-expanded", "false");
    const popover = document.getElementById(chip.getAttribute("aria-controls") ?? "");
    expect(popover).not.toBeVisible();
    await user.click(chip);
    expect(chip).toHaveAttribute("aria-expanded", "true");
    expect(popover).toBeVisible();
    expect(popover).toHaveTextContent(OFF_PLATFORM);
    // Escape closes it and gives focus back to the chip.
    await user.keyboard("{Escape}");
    expect(chip).toHaveAttribute("aria-expanded", "false");
    expect(popover).not.toBeVisible();
    expect(chip).toHaveFocus();
  });

  it("a second kind gets its own words; the banner shows from the second flag, with Report and Block", async () => {
    const user = userEvent.setup();
    const one = flagged("Call me on 98765 43210", "off_platform", true, 1);
    openThread([one]);
    await screen.findByRole("log");
    expect(screen.queryByRole("region", { name: "Scam alert" })).toBeNull();
    // A thread whose second flag is an advance story.
    const two = flagged("Advance bhejo 500, kal courier kar dunga", "advance", true, 2);
    document.body.replaceChildren();
    openThread([one, two]);
    const log = await screen.findByRole("log");
    const cards = within(log).getAllByRole("note", { name: "Scam warning" });
    expect(cards.map((card) => card.textContent)).toEqual(
      [OFF_PLATFORM, SCAM_KIND_WARNINGS.advance].map((words) => expect.stringContaining(words)),
    );
    const banner = screen.getByRole("region", { name: "Scam alert" });
    expect(banner).toHaveTextContent(BANNER);
    await user.click(within(banner).getByRole("button", { name: "Report" }));
    // The report dialog is loaded on first use: on a busy machine that takes more than a second.
    expect(
      await screen.findByRole("dialog", { name: "Report this message" }, { timeout: 10_000 }),
    ).toBeVisible();
    await user.keyboard("{Escape}");
    await user.click(within(banner).getByRole("button", { name: "Block" }));
    expect(await screen.findByRole("dialog", { name: "Block Rohit Verma" })).toBeVisible();
  });

  it("tells the sender once, under their own first flagged message, and never shows them a warning", async () => {
    const mine = message({ senderId: "me", text: "Advance bhejo", flagNotice: true });
    const mineAgain = message({ senderId: "me", text: "pehle paise", flagNotice: false });
    openThread([mine, mineAgain]);
    const log = await screen.findByRole("log");
    const notices = within(log).getAllByText(SENDER_FLAG_NOTICE);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.closest("li")).toHaveTextContent(mine.text);
    expect(within(log).queryByRole("note", { name: "Scam warning" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Scam alert" })).toBeNull();
  });

  it("a photo with a QR code arrives blurred with the warning and 'Show anyway'", async () => {
    const user = userEvent.setup();
    const photo = message({
      type: "photo",
      text: "",
      photo: { url: "/api/chats/chat-1/photos/chat-1-qr.webp", width: 800, height: 800 },
      photoCheck: "flagged",
      scamWarning: true,
      scamFlag: { kind: "qr_or_pin", isFirstOfKind: true, count: 1 },
    });
    openThread([photo]);
    const log = await screen.findByRole("log");
    const held = await within(log).findByRole("button", { name: /Show anyway/ });
    expect(held).toHaveTextContent("This photo shows a QR code.");
    expect(held.querySelector("img")).toHaveClass("blur-xl");
    expect(within(log).getByRole("note", { name: "Scam warning" })).toHaveTextContent(
      SCAM_KIND_WARNINGS.qr_or_pin,
    );
    await user.click(held);
    expect(within(log).getByRole("img", { name: "Photo, open full size" })).not.toHaveClass("blur-xl");
  });
});
