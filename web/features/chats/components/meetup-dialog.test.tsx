// 'Suggest a meetup' (issue 38): beyond 'Today' and 'Tomorrow', a date up to 30 days out, the
// time in IST; a past or too distant day is explained before anything is sent.
import type { Message } from "@shared/api/chats";
import type { ChatMeetupsResponse } from "@shared/api/meetups";
import { indiaDateOf, indiaMoment } from "@shared/meetup-time";
import { MEETUP_MESSAGES, MEETUP_TEXTS } from "@shared/meetups-constants";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { MeetupDialog } from "./meetup-dialog";

afterEach(() => vi.unstubAllGlobals());

const DAY_MS = 24 * 60 * 60 * 1000;
/** India's date `days` from now. */
const indiaDay = (days: number) => indiaDateOf(new Date(Date.now() + days * DAY_MS));

const spots: ChatMeetupsResponse = {
  meetups: [],
  spots: [{ id: "spot-1", collegeId: "c-1", name: "Library entrance", directions: "By the notice board." }],
  colleges: [{ id: "c-1", name: "IIT Bombay", city: "Mumbai" }],
  canPropose: true,
};

const sentMessage: Message = {
  id: "msg-1",
  chatId: "chat-1",
  senderId: "me",
  clientId: "m-1",
  type: "meetup",
  text: "Suggested a meetup",
  offerPrice: null,
  photo: null,
  scamWarning: false,
  photoCheck: null,
  createdAt: new Date().toISOString(),
};

function openDialog() {
  const onClose = vi.fn();
  const api = fakeApi((path, init) => {
    if (path === "/api/chats/chat-1/meetups" && init.method === "POST") {
      return { status: 201, body: { message: sentMessage, meetup: null } };
    }
    if (path === "/api/chats/chat-1/meetups") return { body: spots };
    return { status: 404 };
  });
  renderScreen(<MeetupDialog chatId="chat-1" onClose={onClose} />, { path: "/messages" });
  return { ...api, onClose };
}

const proposals = (requests: { path: string; method: string; body: unknown }[]) =>
  requests.filter((request) => request.method === "POST");

it("offers Today, Tomorrow and a labelled date picker from today to 30 days ahead, and sends a later day's time in IST", async () => {
  const { requests, onClose } = openDialog();
  const dialog = await screen.findByRole("dialog", { name: MEETUP_TEXTS.suggestMeetup });
  const inDialog = within(dialog);
  await inDialog.findByRole("radio", { name: /Library entrance/ });
  expect(inDialog.getByRole("radio", { name: MEETUP_TEXTS.today })).toBeVisible();
  expect(inDialog.getByRole("radio", { name: MEETUP_TEXTS.tomorrow })).toBeVisible();
  const picker = inDialog.getByLabelText(MEETUP_TEXTS.date);
  expect(picker).toHaveAttribute("type", "date");
  expect(picker).toHaveAttribute("min", indiaDay(0));
  expect(picker).toHaveAttribute("max", indiaDay(30));
  expect(picker).toHaveAccessibleDescription(MEETUP_TEXTS.dateHint);

  // A chip fills the picker; a day the chips do not name leaves both unchosen.
  await userEvent.click(inDialog.getByRole("radio", { name: MEETUP_TEXTS.tomorrow }));
  expect(picker).toHaveValue(indiaDay(1));
  const inTenDays = indiaDay(10);
  fireEvent.change(picker, { target: { value: inTenDays } });
  expect(inDialog.getByRole("radio", { name: MEETUP_TEXTS.today })).not.toBeChecked();
  expect(inDialog.getByRole("radio", { name: MEETUP_TEXTS.tomorrow })).not.toBeChecked();
  fireEvent.change(inDialog.getByLabelText("Time (IST)"), { target: { value: "17:30" } });

  await userEvent.click(inDialog.getByRole("button", { name: "Send suggestion" }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(proposals(requests)).toHaveLength(1);
  expect(proposals(requests)[0]?.body).toMatchObject({
    spotId: "spot-1",
    startsAt: indiaMoment(inTenDays, "17:30").toISOString(),
  });
});

it("says a past day has passed and a day beyond 30 days is too far, as soon as it is picked and without sending", async () => {
  const { requests, onClose } = openDialog();
  const dialog = await screen.findByRole("dialog", { name: MEETUP_TEXTS.suggestMeetup });
  const inDialog = within(dialog);
  await inDialog.findByRole("radio", { name: /Library entrance/ });
  const picker = inDialog.getByLabelText(MEETUP_TEXTS.date);
  const send = inDialog.getByRole("button", { name: "Send suggestion" });

  fireEvent.change(picker, { target: { value: indiaDay(-1) } });
  expect(picker).toHaveAccessibleDescription(expect.stringContaining(MEETUP_MESSAGES.pastDate));
  expect(picker).toHaveAttribute("aria-invalid", "true");
  await userEvent.click(send);
  expect(inDialog.getByText(MEETUP_MESSAGES.pastDate)).toBeVisible();

  fireEvent.change(picker, { target: { value: indiaDay(31) } });
  expect(picker).toHaveAccessibleDescription(expect.stringContaining(MEETUP_MESSAGES.farDate));
  await userEvent.click(send);
  expect(inDialog.getByText(MEETUP_MESSAGES.farDate)).toBeVisible();

  // The 30th day's later hours are past the limit too: named on sending.
  fireEvent.change(picker, { target: { value: indiaDay(30) } });
  expect(picker).not.toHaveAttribute("aria-invalid");
  fireEvent.change(inDialog.getByLabelText("Time (IST)"), { target: { value: "23:59" } });
  await userEvent.click(send);
  expect(inDialog.getByText(MEETUP_MESSAGES.tooLate)).toBeVisible();

  // An emptied picker asks for a date on sending.
  fireEvent.change(picker, { target: { value: "" } });
  expect(picker).not.toHaveAttribute("aria-invalid");
  await userEvent.click(send);
  expect(inDialog.getByText(MEETUP_MESSAGES.badDate)).toBeVisible();

  // Today at a time already gone is too soon; Today chosen again clears the date's message.
  await userEvent.click(inDialog.getByRole("radio", { name: MEETUP_TEXTS.today }));
  expect(inDialog.queryByText(MEETUP_MESSAGES.badDate)).toBeNull();
  // Midnight today has always gone by.
  fireEvent.change(inDialog.getByLabelText("Time (IST)"), { target: { value: "00:00" } });
  await userEvent.click(send);
  expect(inDialog.getByText(MEETUP_MESSAGES.tooSoon)).toBeVisible();

  expect(proposals(requests)).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
});
