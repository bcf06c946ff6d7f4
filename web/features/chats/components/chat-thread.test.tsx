import type { ChatAbilities, ChatSummary, Message } from "@shared/api/chats";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, type FakeAnswer, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { fakePushBrowser } from "../../../components/push-prompt/testing/fake-push-browser";
import { useSendMessage } from "../api/send-message";
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
    dealPrice: null,
  },
  unreadCount: 0,
  isCounterpartBlocked: false,
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
  scamWarning: false,
  photoCheck: null,
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
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-11-20T10:05:00.000Z",
};

const WARNING = "You never need to scan a QR code or enter your UPI PIN to receive money.";
const SAFETY_CARD =
  "Meet in a public place on campus. Check the item before you pay. Never share OTPs or your UPI PIN.";

/** What a fake buyer sends; the server flagged it, and this is the recipient's copy. */
const SCAM: Message = {
  id: "m3",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-3",
  type: "text",
  text: "Scan the QR I sent and enter your UPI PIN to receive the money",
  offerPrice: null,
  photo: null,
  scamWarning: true,
  photoCheck: null,
  scamFlag: { kind: "qr_or_pin", isFirstOfKind: true, count: 1 },
  createdAt: "2026-11-20T10:06:00.000Z",
};

/** A photo from the other member, as the recipient's copy arrives. */
const PHOTO: Message = {
  id: "m4",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "client-4",
  type: "photo",
  text: "",
  offerPrice: null,
  photo: { url: "/api/chats/chat-1/photos/chat-1-abc.webp", width: 1200, height: 900 },
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-11-20T10:07:00.000Z",
};

function openThread(
  abilities: ChatAbilities,
  thread: {
    messages?: Message[];
    counterpartReadAt?: string | null;
    counterpartDeliveredAt?: string | null;
    chat?: Partial<ChatSummary>;
    isNewContact?: boolean;
    openRating?: boolean;
    /** The answer to a rating. */
    rating?: FakeAnswer;
    /** The answer to the seller's counter-offer, asked at each send. */
    counter?: () => FakeAnswer;
  } = {},
) {
  const api = fakeApi((path) =>
    path === "/api/items/item-1/ratings"
      ? (thread.rating ?? { status: 204 })
      : path === "/api/chats/chat-1/offers/m1/counter"
        ? (thread.counter?.() ?? { status: 201, body: { message: OFFER } })
        : path === "/api/chats/chat-1"
          ? {
              body: {
                chat: { ...CHAT, ...thread.chat, abilities },
                messages: thread.messages ?? [OFFER],
                counterpartReadAt: thread.counterpartReadAt ?? null,
                counterpartDeliveredAt: thread.counterpartDeliveredAt ?? null,
                isNewContact: thread.isNewContact ?? false,
              },
            }
          : { status: 204 },
  );
  renderScreen(
    <ChatThread
      chatId="chat-1"
      myId="me"
      outbox={[]}
      onSend={vi.fn()}
      onRetry={vi.fn()}
      openRating={thread.openRating}
    />,
    { path: "/messages" },
  );
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

  it("previews a chosen photo with Send and Cancel; nothing is uploaded until Send", async () => {
    const api = openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER] });
    await screen.findByRole("log");
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:photo", revokeObjectURL: () => {} }),
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const photo = new File([new Uint8Array([1, 2, 3])], "lamp.jpg", { type: "image/jpeg" });
    await userEvent.upload(input as HTMLInputElement, photo);
    const preview = await screen.findByRole("group", { name: "Photo to send" });
    expect(within(preview).getByRole("img", { name: "Preview of lamp.jpg" })).toHaveAttribute(
      "src",
      "blob:photo",
    );
    expect(within(preview).getByRole("button", { name: "Send" })).toBeVisible();
    await userEvent.click(within(preview).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Photo to send" })).toBeNull();
    expect(api.requests.filter((request) => request.path.includes("upload"))).toEqual([]);
    expect(screen.getByRole("button", { name: "Send Photo" })).toHaveFocus();
  });

  it("has no composer where the server allows no sending", async () => {
    openThread({ canSend: false, canOffer: false, canRate: false });
    expect(await screen.findByText("Offer: ₹1,25,000")).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Type a message" })).toBeNull();
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

  it("blurs a photo the scam guard could not check, says so, and shows it on a tap", async () => {
    const user = userEvent.setup();
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      { messages: [{ ...PHOTO, photoCheck: "unchecked" }] },
    );
    const log = await screen.findByRole("log");
    const held = await within(log).findByRole("button", { name: /We could not check this photo\./ });
    expect(held).toHaveTextContent("Tap to show");
    const blurred = held.querySelector("img");
    expect(blurred).toHaveClass("blur-xl");
    expect(blurred).toHaveAttribute("alt", "");
    expect(within(log).queryByRole("img", { name: "Photo, open full size" })).toBeNull();
    // Unchecked is not a scam: no warning under it.
    expect(within(log).queryByRole("note", { name: "Scam warning" })).toBeNull();

    await user.click(held);
    const photo = within(log).getByRole("img", { name: "Photo, open full size" });
    expect(photo).not.toHaveClass("blur-xl");
    expect(within(log).queryByText("We could not check this photo.")).toBeNull();
  });

  it("blurs a photo with a QR code under its warning, and never my own photo", async () => {
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      {
        messages: [
          { ...PHOTO, photoCheck: "flagged", scamWarning: true, scamFlag: SCAM.scamFlag },
          { ...PHOTO, id: "m5", clientId: "client-5", senderId: "me", photoCheck: "unchecked" },
        ],
      },
    );
    const log = await screen.findByRole("log");
    expect(await within(log).findByRole("button", { name: /This photo shows a QR code\./ })).toBeVisible();
    expect(within(log).getByRole("note", { name: "Scam warning" })).toHaveTextContent(WARNING);
    // My own copy is never held back (the server sends none, and the bubble does not trust one).
    expect(within(log).getAllByRole("img", { name: "Photo, open full size" })).toHaveLength(1);
    expect(within(log).queryByText("We could not check this photo.")).toBeNull();
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
