import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { CampusEvent } from "@shared/api/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AdminNoticeProvider } from "./admin-notice";
import { EventsTab } from "./events-tab";

const sprint: CampusEvent = {
  id: "e1",
  title: "Code Sprint",
  organizer: "Coding Club",
  date: "2027-03-15",
  time: "18:30",
  venue: "Central Lecture Theatre",
  description: "A 24-hour hackathon.",
  city: "Chennai",
  college: "IIT Madras",
  image: "https://example.com/sprint.png",
  registrationUrl: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  interestedCount: 0,
  isInterested: false,
  teamsCount: 0,
  hasEnded: false,
  endDate: "2027-03-15",
  endTime: "20:30",
  registrationCloses: null,
  isCancelled: false,
  cancelReason: null,
  canManage: false,
};

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

let deleteAnswer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url === "/api/admin/events/e1" && init?.method === "DELETE") return deleteAnswer();
  if (url === "/api/admin/events") return json(200, { events: [sprint] });
  if (url === "/api/colleges") return json(200, { cities: [] });
  return json(404, { error: { code: "not_found", message: "Not found" } });
});
const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE");

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

async function renderTab() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminNoticeProvider>
        <EventsTab />
      </AdminNoticeProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole("button", { name: "Delete event Code Sprint" }));
  const dialog = screen.getByRole("dialog", { name: "Please confirm" });
  expect(dialog).toHaveTextContent(ADMIN_MESSAGES.confirmDeleteEvent);
  return dialog;
}

it("asks first, and Cancel deletes nothing", async () => {
  const dialog = await renderTab();
  await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(deletes()).toHaveLength(0);
});

it("deletes the event once agreed, and says so", async () => {
  deleteAnswer = () => json(204, null);
  const dialog = await renderTab();
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(ADMIN_MESSAGES.eventDeleted));
  expect(deletes()).toHaveLength(1);
});

it("says why a delete failed, in the spec's words", async () => {
  deleteAnswer = () => json(404, { error: { code: "not_found", message: "Event not found" } });
  const dialog = await renderTab();
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
  await waitFor(() =>
    expect(screen.getByRole("alert")).toHaveTextContent("Error deleting event: Event not found"),
  );
});
