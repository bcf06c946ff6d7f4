import type { User } from "@shared/api/auth";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { meQueryOptions } from "../../../lib/session";
import { SettingsPage } from "./settings-page";

const student: User = {
  id: "u1",
  name: "Asha Rao",
  email: "asha@example.edu",
  city: "Pune",
  college: "COEP",
  mobile: "9876543210",
  role: "student",
  emailVerified: true,
  bio: "",
  profilePhoto: null,
  holidayMode: { isActive: false, fromDate: null, toDate: null },
  createdAt: "2026-01-05T10:00:00.000Z",
  lastLogin: null,
};

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** The server's answer to a password change; the devices list is always one device. */
let passwordAnswer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url === "/api/me/password") return passwordAnswer();
  if (url === "/api/me/sessions") return json(200, { sessions: [] });
  return json(404, { error: { code: "not_found", message: "Not found" } });
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

/** The page for a signed-in student; the banner's two live regions are in it from the start, empty. */
function renderPage() {
  const queryClient = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  queryClient.setQueryData(meQueryOptions.queryKey, { user: student });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const passwordRequests = () => fetchMock.mock.calls.filter(([url]) => url === "/api/me/password");

async function fillPasswords(current: string, next: string, confirm: string) {
  for (const [label, value] of [
    ["Current Password", current],
    ["New Password", next],
    ["Confirm New Password", confirm],
  ] as const) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
  await userEvent.click(screen.getByRole("button", { name: "Change Password" }));
}

it("refuses new passwords that differ in the banner, without asking the server", async () => {
  renderPage();
  await fillPasswords("old-secret", "new-secret", "new-secrex");
  await waitFor(() =>
    expect(screen.getByRole("alert")).toHaveTextContent(SETTINGS_MESSAGES.passwordsDontMatch),
  );
  expect(passwordRequests()).toHaveLength(0);
});

it("says the current password is wrong when the server says so", async () => {
  passwordAnswer = () => json(400, { error: { code: "wrong_password", message: "Wrong password" } });
  renderPage();
  await fillPasswords("not-it", "new-secret", "new-secret");
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(SETTINGS_MESSAGES.wrongPassword));
  expect(passwordRequests()).toHaveLength(1);
});

it("changes the password, says so and empties the fields", async () => {
  passwordAnswer = () => json(204, null);
  renderPage();
  await fillPasswords("old-secret", "new-secret", "new-secret");
  await waitFor(() =>
    expect(screen.getByRole("status")).toHaveTextContent(SETTINGS_MESSAGES.passwordChanged),
  );
  await waitFor(() => expect(screen.getByLabelText("Current Password")).toHaveValue(""));
  const [, init] = passwordRequests()[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({
    currentPassword: "old-secret",
    newPassword: "new-secret",
    confirmPassword: "new-secret",
  });
});

it("asks for both holiday dates before turning Holiday Mode on", async () => {
  renderPage();
  await userEvent.click(screen.getByLabelText("Enable Holiday Mode"));
  await userEvent.click(screen.getByRole("button", { name: "Save Holiday Mode" }));
  await waitFor(() =>
    expect(screen.getByRole("alert")).toHaveTextContent(SETTINGS_MESSAGES.holidayDatesRequired),
  );
});
