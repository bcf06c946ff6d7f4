import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { AdminUser } from "@shared/api/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AdminNoticeProvider } from "./admin-notice";
import { EditUserDialog } from "./edit-user-dialog";

const asha: AdminUser = {
  id: "u1",
  name: "Asha Rao",
  email: "asha@example.edu",
  mobile: "9876543210",
  city: "Pune",
  college: "COEP",
  collegePending: false,
  collegeRequested: null,
  emailVerified: true,
  createdAt: "2026-01-05T10:00:00.000Z",
  lastLogin: null,
  isSuspended: false,
  suspendedUntil: null,
  organiserOf: null,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderDialog() {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminNoticeProvider>
        <EditUserDialog user={asha} onClose={onClose} />
      </AdminNoticeProvider>
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole("dialog", { name: "Edit User" }) };
}

it("refuses an empty field without asking the server, and marks the field", async () => {
  const { dialog } = renderDialog();
  const name = screen.getByLabelText("Full Name");
  await userEvent.clear(name);
  await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText(ADMIN_MESSAGES.fieldsRequired)).toBeInTheDocument();
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(name).toHaveFocus();
  expect(dialog).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it("shows the server's refusal of a taken address on the email field, and stays open", async () => {
  fetchMock.mockResolvedValue(json(409, { error: { code: "conflict", message: ADMIN_MESSAGES.emailTaken } }));
  const { onClose } = renderDialog();
  const email = screen.getByLabelText("Email Address");
  await userEvent.clear(email);
  await userEvent.type(email, "taken@example.edu");
  await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText(new RegExp(ADMIN_MESSAGES.emailTaken))).toBeInTheDocument();
  expect(email).toHaveAttribute("aria-invalid", "true");
  expect(onClose).not.toHaveBeenCalled();
});

it("saves the changed details, closes, and says so", async () => {
  fetchMock.mockResolvedValue(json(200, { user: { ...asha, name: "Asha R. Rao" } }));
  const { onClose } = renderDialog();
  const name = screen.getByLabelText("Full Name");
  await userEvent.clear(name);
  await userEvent.type(name, "Asha R. Rao");
  await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(screen.getByRole("status")).toHaveTextContent(ADMIN_MESSAGES.userUpdated);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("/api/admin/users/u1");
  expect(init?.method).toBe("PATCH");
  expect(JSON.parse(String(init?.body))).toEqual({
    name: "Asha R. Rao",
    email: asha.email,
    mobile: asha.mobile,
    city: asha.city,
    college: asha.college,
  });
});
