import type { ReportGroup, ReportQueueResponse } from "@shared/api/reports";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/helpers/render-screen";
import { AdminNoticeProvider } from "./admin-notice";
import { ReportsTab } from "./reports-tab";

afterEach(() => vi.unstubAllGlobals());

const person = {
  id: "u-scam",
  name: "Arjun Kapoor",
  email: "arjun@example.in",
  college: "IIT Bombay",
  createdAt: "2026-11-01T10:00:00.000Z",
  emailVerified: false,
  isSuspended: false,
  suspendedUntil: null,
  earlierReports: 2,
  earlierActions: [{ action: "warn", reason: "Spam in chats", createdAt: "2026-11-10T10:00:00.000Z" }],
};

const messageGroup: ReportGroup = {
  id: "r-1",
  targetType: "message",
  targetId: "m-3",
  reporterCount: 2,
  firstReportedAt: "2026-11-20T10:00:00.000Z",
  reports: [
    {
      id: "r-1",
      reason: "Scam or fraud",
      details: "Asked me to scan a QR",
      createdAt: "2026-11-20T10:00:00.000Z",
    },
    { id: "r-2", reason: "Spam", details: "", createdAt: "2026-11-20T11:00:00.000Z" },
  ],
  listing: null,
  messages: [
    {
      id: "m-2",
      senderId: "u-buyer",
      senderName: "Meera Iyer",
      type: "text",
      text: "Is it available?",
      offerPrice: null,
      createdAt: "2026-11-20T09:00:00.000Z",
      isReported: false,
    },
    {
      id: "m-3",
      senderId: "u-scam",
      senderName: "Arjun Kapoor",
      type: "text",
      text: "Scan this QR to receive the money",
      offerPrice: null,
      createdAt: "2026-11-20T09:01:00.000Z",
      isReported: true,
    },
  ],
  photoUrl: null,
  isContentPresent: true,
  reportedUser: person,
};

function renderTab(queue: ReportQueueResponse) {
  const api = fakeApi((path, init) => {
    if (path === "/api/admin/reports") return { body: queue };
    if (path === "/api/admin/reports/r-1/action" && init.method === "POST")
      return { body: { resolved: 2, message: "Done. The user has been told." } };
    return { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminNoticeProvider>
        <ReportsTab />
      </AdminNoticeProvider>
    </QueryClientProvider>,
  );
  return api;
}

it("shows 'Open Reports (count)', the message in its conversation, the reasons and the user's history", async () => {
  renderTab({ openCount: 1, groups: [messageGroup], safetyTickets: [], suspensions: [] });
  expect(await screen.findByRole("heading", { name: "Open Reports (1)" })).toBeInTheDocument();
  const row = screen.getByRole("article", { name: "Message by Arjun Kapoor" });
  expect(within(row).getByText("2 people reported this")).toBeInTheDocument();
  expect(within(row).getByText("Scan this QR to receive the money")).toBeInTheDocument();
  expect(within(row).getByText("Is it available?")).toBeInTheDocument();
  expect(within(row).getByText("Asked me to scan a QR")).toBeInTheDocument();
  expect(within(row).getByText("Not verified")).toBeInTheDocument();
  expect(within(row).getByText(/Warn User \(Spam in chats\)/)).toBeInTheDocument();
  for (const action of ["Dismiss", "Remove Content", "Warn User", "Suspend User"]) {
    expect(within(row).getByRole("button", { name: action })).toBeInTheDocument();
  }
});

it("shows a reported photo as kept, in the evidence, after the message is gone", async () => {
  const photoGroup: ReportGroup = {
    ...messageGroup,
    messages: messageGroup.messages.map((message) =>
      message.isReported ? { ...message, type: "photo", text: "Photo" } : message,
    ),
    photoUrl: "/api/admin/reports/r-1/photo",
    isContentPresent: false,
  };
  renderTab({ openCount: 1, groups: [photoGroup], safetyTickets: [], suspensions: [] });
  const evidence = await screen.findByRole("region", { name: "The reported message in its conversation" });
  expect(within(evidence).getByText("Kept as evidence; the message is gone.")).toBeInTheDocument();
  const photo = within(evidence).getByRole("img", { name: "The reported photo, as kept" });
  expect(photo).toHaveAttribute("src", "/api/admin/reports/r-1/photo");
  expect(within(photo.closest("li") as HTMLElement).getByText("(reported)")).toBeInTheDocument();
});

it("shows no photo when the report kept none", async () => {
  renderTab({ openCount: 1, groups: [messageGroup], safetyTickets: [], suspensions: [] });
  const evidence = await screen.findByRole("region", { name: "The reported message in its conversation" });
  expect(within(evidence).queryByRole("img")).not.toBeInTheDocument();
});

it("says so when nothing is open", async () => {
  renderTab({ openCount: 0, groups: [], safetyTickets: [], suspensions: [] });
  expect(await screen.findByText("No open reports.")).toBeInTheDocument();
});

it("suspends with a length and a reason, asking for the reason first", async () => {
  const api = renderTab({ openCount: 1, groups: [messageGroup], safetyTickets: [], suspensions: [] });
  const row = await screen.findByRole("article", { name: "Message by Arjun Kapoor" });
  await userEvent.click(within(row).getByRole("button", { name: "Suspend User" }));
  const dialog = screen.getByRole("dialog", { name: "Suspend User: Arjun Kapoor" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Suspend User" }));
  expect(await within(dialog).findByText("Please give a reason.")).toBeInTheDocument();
  expect(api.requests.filter((request) => request.method === "POST")).toEqual([]);

  await userEvent.click(within(dialog).getByRole("radio", { name: "30 days" }));
  await userEvent.type(within(dialog).getByLabelText("Reason (sent to the user)"), "QR code scams.");
  await userEvent.click(within(dialog).getByRole("button", { name: "Suspend User" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(api.requests).toContainEqual({
    path: "/api/admin/reports/r-1/action",
    method: "POST",
    body: { action: "suspend", reason: "QR code scams.", duration: "30d" },
  });
  expect(await screen.findByText("Done. The user has been told.")).toBeInTheDocument();
});

it("shows the server's refusal in the dialog's alert, not on the reason, and stays open", async () => {
  renderTab({
    openCount: 1,
    groups: [{ ...messageGroup, id: "r-gone" }],
    safetyTickets: [],
    suspensions: [],
  });
  const row = await screen.findByRole("article", { name: "Message by Arjun Kapoor" });
  await userEvent.click(within(row).getByRole("button", { name: "Warn User" }));
  const dialog = screen.getByRole("dialog", { name: "Warn User: Arjun Kapoor" });
  const reason = within(dialog).getByLabelText("Reason (sent to the user)");
  await userEvent.type(reason, "Spam in chats.");
  await userEvent.click(within(dialog).getByRole("button", { name: "Warn User" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent("Not found");
  expect(reason).not.toHaveAttribute("aria-invalid", "true");
  expect(screen.getByRole("dialog", { name: "Warn User: Arjun Kapoor" })).toBeInTheDocument();
});
