import type { User } from "@shared/api/auth";
import { TICKET_MESSAGES } from "@shared/tickets-constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { meQueryOptions } from "../../../lib/session";
import { SupportTicketButtons } from "./support-ticket-buttons";

const student: User = {
  id: "u1",
  name: "Asha Rao",
  email: "asha@example.edu",
  city: "Pune",
  college: "COEP",
  collegePending: false,
  mobile: "9876543210",
  role: "student",
  emailVerified: true,
  bio: "",
  profilePhoto: null,
  holidayMode: { isActive: false, fromDate: null, toDate: null },
  createdAt: "2026-01-05T10:00:00.000Z",
  lastLogin: null,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  // The failed submission is also reported to the console for the developer.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.mocked(console.warn).mockRestore();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderButtons() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(meQueryOptions.queryKey, { user: student });
  render(
    <QueryClientProvider client={queryClient}>
      <SupportTicketButtons />
    </QueryClientProvider>,
  );
}

async function fillForm() {
  await userEvent.click(screen.getByRole("button", { name: "Raise Ticket" }));
  // The dialog loads when the button is pressed.
  const dialog = await screen.findByRole("dialog", { name: "Raise a Support Ticket" });
  const submit = screen.getByRole("button", { name: "Submit Ticket" });
  expect(submit).toBeDisabled();
  await userEvent.selectOptions(screen.getByLabelText("Purpose"), "Technical Bug");
  await userEvent.type(screen.getByLabelText("Description"), "The sell page froze on upload.");
  expect(submit).toBeEnabled();
  return { dialog, submit };
}

it("raises a ticket with the purpose and description, and shows its ID to keep", async () => {
  fetchMock.mockResolvedValue(
    json(201, {
      ticket: {
        id: "t1",
        ticketId: "482913",
        userId: student.id,
        userName: student.name,
        userEmail: student.email,
        userCollege: student.college,
        purpose: "Technical Bug",
        description: "The sell page froze on upload.",
        status: "open",
        createdAt: "2026-11-24T07:00:00.000Z",
        resolvedAt: null,
        resolvedBy: null,
      },
    }),
  );
  renderButtons();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  const { submit } = await fillForm();
  // The sender is the signed-in student, shown but not editable.
  expect(screen.getByLabelText("Email")).toHaveValue(student.email);
  await userEvent.click(submit);

  expect(await screen.findByRole("dialog", { name: TICKET_MESSAGES.submitted })).toHaveTextContent("482913");
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/api/tickets");
  expect(JSON.parse(String(init?.body))).toEqual({
    purpose: "Technical Bug",
    description: "The sell page froze on upload.",
  });
});

it("says a submission failed and lets the student try again", async () => {
  fetchMock.mockResolvedValue(json(500, { error: { code: "internal", message: "Internal error" } }));
  renderButtons();
  const { submit } = await fillForm();
  await userEvent.click(submit);

  const failed = await screen.findByRole("dialog", { name: TICKET_MESSAGES.failedTitle });
  expect(failed).toHaveTextContent(TICKET_MESSAGES.failed);
  await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
  expect(screen.getByRole("dialog", { name: "Raise a Support Ticket" })).toBeInTheDocument();
  // What was written is still there to send again.
  expect(screen.getByLabelText("Description")).toHaveValue("The sell page froze on upload.");
  expect(screen.getByRole("button", { name: "Submit Ticket" })).toBeEnabled();
});
