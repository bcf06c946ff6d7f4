// The meetup card (issue 38): spot, directions and time in India, the safety line always, and for
// the other side 'Accept' and 'Suggest another'; accepted, it offers the calendar file.
import type { Message } from "@shared/api/chats";
import type { ChatMeetupsResponse, Meetup } from "@shared/api/meetups";
import { MEETUP_TEXTS } from "@shared/meetups-constants";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { MeetupCard } from "./meetup-card";

afterEach(() => vi.unstubAllGlobals());

const message: Message = {
  id: "m-1",
  chatId: "chat-1",
  senderId: "seller",
  clientId: "c-meetup-1",
  type: "meetup",
  text: "Suggested a meetup: Library entrance, Sat 5 Dec, 5:00 pm IST",
  offerPrice: null,
  photo: null,
  scamWarning: false,
  photoCheck: null,
  createdAt: "2026-12-05T09:00:00.000Z",
};

function meetup(overrides: Partial<Meetup> = {}): Meetup {
  return {
    id: "m-1",
    chatId: "chat-1",
    proposerId: "seller",
    spot: { name: "Library entrance", directions: "At the main doors, by the notice board." },
    // 5:00 pm in India.
    startsAt: "2026-12-05T11:30:00.000Z",
    status: "proposed",
    abilities: { canAccept: true, canSuggestAnother: true },
    ...overrides,
  };
}

function answers(list: Meetup[]): ChatMeetupsResponse {
  return { meetups: list, spots: [], colleges: [], canPropose: true };
}

function showCard(isMine: boolean) {
  renderScreen(
    <ul>
      <MeetupCard message={message} isMine={isMine} senderName="Kunal" />
    </ul>,
    { path: "/messages" },
  );
}

it("shows the spot, its directions, the time in IST and the safety line, with Accept and Suggest another for the other side", async () => {
  let current = meetup();
  const { requests } = fakeApi((path, init) => {
    if (path === "/api/chats/chat-1/meetups/m-1/accept" && init.method === "POST") {
      current = meetup({ status: "accepted", abilities: { canAccept: false, canSuggestAnother: false } });
      return { body: { meetup: current } };
    }
    if (path === "/api/chats/chat-1/meetups") return { body: answers([current]) };
    return { status: 404 };
  });
  showCard(false);
  const card = await screen.findByRole("article", { name: "Meetup suggested by Kunal" });
  const inCard = within(card);
  expect(await inCard.findByText("Library entrance")).toBeVisible();
  expect(inCard.getByText("At the main doors, by the notice board.")).toBeVisible();
  expect(inCard.getByText("Sat 5 Dec, 5:00 pm IST")).toBeVisible();
  expect(inCard.getByText(MEETUP_TEXTS.safety)).toBeVisible();
  expect(inCard.getByRole("button", { name: MEETUP_TEXTS.suggestAnother })).toBeVisible();

  await userEvent.click(inCard.getByRole("button", { name: "Accept" }));
  expect(await inCard.findByText(MEETUP_TEXTS.accepted)).toBeVisible();
  expect(requests.some((request) => request.method === "POST" && request.path.endsWith("/m-1/accept"))).toBe(
    true,
  );
  await waitFor(() => expect(inCard.queryByRole("button", { name: "Accept" })).toBeNull());
  expect(inCard.getByRole("link", { name: MEETUP_TEXTS.addToCalendar })).toHaveAttribute(
    "href",
    "/api/chats/chat-1/meetups/m-1/calendar.ics",
  );
});

it("the proposer's own card waits for an answer and offers no Accept, the safety line still there", async () => {
  fakeApi((path) =>
    path === "/api/chats/chat-1/meetups"
      ? { body: answers([meetup({ abilities: { canAccept: false, canSuggestAnother: false } })]) }
      : { status: 404 },
  );
  showCard(true);
  const card = await screen.findByRole("article", { name: "Meetup suggested by you" });
  expect(await within(card).findByText(MEETUP_TEXTS.waiting)).toBeVisible();
  expect(within(card).queryByRole("button", { name: "Accept" })).toBeNull();
  expect(within(card).getByText(MEETUP_TEXTS.safety)).toBeVisible();
});

it("says the message's words and the safety line while the meetup is not loaded", async () => {
  fakeApi(() => ({ status: 503, body: { error: { code: "unavailable", message: "Down" } } }));
  showCard(false);
  const card = await screen.findByRole("article", { name: "Meetup suggested by Kunal" });
  expect(within(card).getByText(message.text)).toBeVisible();
  expect(within(card).getByText(MEETUP_TEXTS.safety)).toBeVisible();
});
