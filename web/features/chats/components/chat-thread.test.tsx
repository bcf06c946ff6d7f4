import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MINE, OFFER, openThread } from "../testing/chat-thread-fixtures";

// The chat thread as it reads: its header, the ticks under my messages, emoji and day chips.
// Offers, photos, safety, rating, blocking and sending each have a chat-thread-*.test.tsx beside this one.
afterEach(() => vi.unstubAllGlobals());

describe("a chat thread", () => {
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

  it("ticks like WhatsApp: one Sent, two Delivered, two coloured Seen, each with its name; links are clickable", async () => {
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER, MINE] });
    const log = await screen.findByRole("log");
    const mine = () =>
      within(screen.getByRole("log"))
        .getAllByRole("listitem")
        .find((item) => item.textContent?.includes("Deal!")) as HTMLElement;
    expect(within(mine()).getByRole("img", { name: "Sent" })).toBeInTheDocument();
    expect(within(log).queryByRole("img", { name: "Delivered" })).toBeNull();
    expect(within(log).queryByRole("img", { name: "Seen" })).toBeNull();
    // The other member's message carries no ticks.
    expect(within(log).getAllByRole("img", { name: /^(Sent|Delivered|Seen)$/ })).toHaveLength(1);
    const link = within(log).getByRole("link", { name: "https://maps.example.in/hostel-7" });
    expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
    expect(link).toHaveAttribute("target", "_blank");
    cleanup();
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      { messages: [OFFER, MINE], counterpartDeliveredAt: MINE.createdAt },
    );
    await screen.findByRole("log");
    const delivered = within(mine()).getByRole("img", { name: "Delivered" });
    expect(delivered).not.toHaveClass("text-cyan-300");
    cleanup();
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      { messages: [OFFER, MINE], counterpartDeliveredAt: MINE.createdAt, counterpartReadAt: MINE.createdAt },
    );
    await screen.findByRole("log");
    const seen = within(mine()).getByRole("img", { name: "Seen" });
    // Coloured, in a colour that keeps 3:1 on the indigo bubble (message-ticks.tsx).
    expect(seen).toHaveClass("text-cyan-300");
  });

  it("draws a message of emoji alone larger; text with an emoji stays text-sized", async () => {
    const emoji = { ...MINE, id: "m5", clientId: "client-5", text: "🔥👍" };
    const mixed = { ...MINE, id: "m6", clientId: "client-6", text: "ok 👍" };
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [emoji, mixed] });
    const big = await screen.findByText("🔥👍");
    expect(big).toHaveAttribute("data-emoji-only");
    expect(big).toHaveClass("text-4xl");
    expect(screen.getByText("ok 👍").closest("[data-emoji-only]")).toBeNull();
  });

  it("keeps the day chip in the flow, so it never covers a message", async () => {
    openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER, MINE] });
    const log = await screen.findByRole("log");
    const chips = log.querySelectorAll("[data-day-chip]");
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips) expect(chip.className).not.toMatch(/\b(sticky|fixed|absolute)\b/);
  });
});
