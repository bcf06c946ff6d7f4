import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { fakePushBrowser } from "../../../components/push-prompt/testing/fake-push-browser";
import { meQueryOptions } from "../../../lib/session";
import { json, student } from "../testing/settings-fixtures";
import { SettingsPage } from "./settings-page";

/** The students the user blocked, as the server lists them. */
let blocked: { id: string; name: string; college: string; profilePhoto: string | null }[] = [];

/** The server's answer to a password change; the devices list is always one device. */
let passwordAnswer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url === "/api/me/password") return passwordAnswer();
  if (url === "/api/me/sessions") return json(200, { sessions: [] });
  if (url === "/api/me/privacy") {
    // A save answers with what it stored.
    if (init?.method === "PUT") return json(200, { privacy: JSON.parse(String(init.body)) });
    return json(200, { privacy: { mobileVisibility: "shared", emailVisibility: "nobody" } });
  }
  if (url === "/api/me/blocks") return json(200, { blocked });
  if (url === "/api/me/college-request") return json(200, { request: null });
  if (url === "/api/me/college-verification") {
    return json(200, {
      verification: {
        college: "IIT Bombay",
        verifiedCollege: null,
        method: null,
        domains: ["iitb.ac.in"],
        idReview: null,
      },
    });
  }
  if (url === "/api/me/notification-settings") {
    const settings = {
      pushMessages: true,
      pushDeals: true,
      pushAdmin: true,
      pushEvents: true,
      emailDigest: true,
    };
    const changes = init?.method === "PATCH" ? JSON.parse(String(init.body)) : {};
    return json(200, { settings: { ...settings, ...changes }, pushDevices: 0, pushOnThisDevice: false });
  }
  if (url === "/api/users/u2/block" && init?.method === "DELETE") {
    blocked = [];
    return json(200, { isBlocked: false });
  }
  return json(404, { error: { code: "not_found", message: "Not found" } });
});

beforeEach(() => {
  blocked = [];
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

it("Privacy: shows the defaults, and a new choice is saved at once and said so", async () => {
  renderPage();
  const mobile = await screen.findByRole("group", { name: "Who can see my mobile number" });
  // Two choices only (issue 36): the default shares the number only by 'Share my number' in a chat.
  expect(
    within(mobile)
      .getAllByRole("radio")
      .map((radio) => radio.getAttribute("value")),
  ).toEqual(["shared", "all"]);
  expect(within(mobile).getByRole("radio", { name: "Only people I share it with in a chat" })).toBeChecked();
  expect(mobile).toHaveAccessibleDescription(
    "'Share my number' in a chat shows it in that chat only. An item shows it only if you tick 'Show my mobile number to buyers' on it.",
  );
  const email = screen.getByRole("group", { name: "Who can see my e-mail address" });
  expect(email).toHaveTextContent("Nobody");
  await userEvent.click(within(mobile).getByRole("radio", { name: "All students" }));
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Privacy settings saved."));
  expect(within(mobile).getByRole("radio", { name: "All students" })).toBeChecked();
  const save = fetchMock.mock.calls.find(
    ([url, init]) => url === "/api/me/privacy" && init?.method === "PUT",
  );
  expect(JSON.parse(String(save?.[1]?.body))).toEqual({ mobileVisibility: "all", emailVisibility: "nobody" });
});

it("Blocked users: lists them with Unblock, which unblocks and empties the list", async () => {
  blocked = [{ id: "u2", name: "Rohit Kale", college: "COEP", profilePhoto: null }];
  renderPage();
  const list = await screen.findByRole("list", { name: "Blocked users" });
  expect(within(list).getByRole("link", { name: "Rohit Kale" })).toHaveAttribute("href", "/profile/u2");
  await userEvent.click(within(list).getByRole("button", { name: "Unblock Rohit Kale" }));
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Rohit Kale is unblocked."));
  await screen.findByText("You haven't blocked anyone.");
});

it("Notifications: where the browser cannot take pushes it says so; a kind is saved at once", async () => {
  renderPage();
  const section = await screen.findByRole("region", { name: "Notifications" });
  const push = await within(section).findByRole("switch", { name: "Push notifications on this device" });
  // The test's browser has no service worker: the switch is off and explains why.
  expect(push).toBeDisabled();
  expect(section).toHaveTextContent("This browser can't receive push notifications.");
  const deals = within(section).getByRole("switch", { name: "Deal updates" });
  expect(deals).toBeChecked();
  await userEvent.click(deals);
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Notification settings saved."));
  const save = fetchMock.mock.calls.find(
    ([url, init]) => url === "/api/me/notification-settings" && init?.method === "PATCH",
  );
  expect(JSON.parse(String(save?.[1]?.body))).toEqual({ pushDeals: false });
  expect(within(section).getByRole("switch", { name: "Deal updates" })).not.toBeChecked();
});

it("Notifications: says 'Checking this device...' until the service worker is ready, never that it cannot push", async () => {
  // A first visit: the browser can push, but the worker registers only after the first page.
  const browser = fakePushBrowser({ isReady: false });
  try {
    renderPage();
    const section = await screen.findByRole("region", { name: "Notifications" });
    const push = await within(section).findByRole("switch", { name: "Push notifications on this device" });
    expect(within(section).getByRole("status")).toHaveTextContent("Checking this device...");
    expect(push).toBeDisabled();
    expect(section).not.toHaveTextContent("This browser can't receive push notifications.");

    act(() => browser.makeReady());
    await waitFor(() => expect(push).toBeEnabled());
    expect(push).not.toBeChecked();
    expect(section).not.toHaveTextContent("Checking this device...");
    expect(section).not.toHaveTextContent("This browser can't receive push notifications.");
  } finally {
    browser.remove();
  }
});
