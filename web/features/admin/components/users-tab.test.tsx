import type { AdminUser } from "@shared/api/admin";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AdminNoticeProvider } from "./admin-notice";
import { UsersTab } from "./users-tab";

const base: AdminUser = {
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

const users: AdminUser[] = [
  base,
  // Signed up with 'My college isn't listed': no college until the decision.
  {
    ...base,
    id: "u2",
    name: "Ravi Kumar",
    email: "ravi@example.in",
    city: "Nashik",
    college: "",
    collegePending: true,
    collegeRequested: { name: "Sunrise Institute", city: "Nashik" },
  },
  // Asked from Settings: keeps the college meanwhile.
  {
    ...base,
    id: "u3",
    name: "Meera Iyer",
    email: "meera@example.in",
    collegePending: true,
    collegeRequested: { name: "Lakeview College", city: "Bhopal" },
  },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith("/api/admin/users")) return json(200, { users, total: 3, page: 1, totalPages: 1 });
  return json(404, { error: { code: "not_found", message: "Not found" } });
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  // happy-dom does not know the <search> landmark the filters sit in (browsers do): React's warning
  // about that element is the test DOM's gap, not this screen's; any other error still fails.
  const collect = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
    collect?.(...args);
  });
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminNoticeProvider>
        <UsersTab />
      </AdminNoticeProvider>
    </QueryClientProvider>,
  );
}

/** A student's row of the table, found by the name heading it. */
async function rowOf(name: string) {
  const header = await screen.findByRole("rowheader", { name: new RegExp(name) });
  const row = header.closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

it("shows 'College pending' with the requested college for a pending student, and the college otherwise", async () => {
  renderTab();
  const asha = await rowOf("Asha Rao");
  expect(asha.getByText("COEP")).toBeInTheDocument();
  expect(asha.queryByText(COLLEGE_REQUEST_TEXTS.pending)).not.toBeInTheDocument();

  const ravi = await rowOf("Ravi Kumar");
  expect(ravi.getByText(COLLEGE_REQUEST_TEXTS.pending)).toBeInTheDocument();
  expect(
    ravi.getByText(LATER_COLLEGE_REQUEST_TEXTS.pendingAsked("Sunrise Institute", "Nashik")),
  ).toBeInTheDocument();

  const meera = await rowOf("Meera Iyer");
  expect(meera.getByText(COLLEGE_REQUEST_TEXTS.pending)).toBeInTheDocument();
  expect(
    meera.getByText(LATER_COLLEGE_REQUEST_TEXTS.pendingAsked("Lakeview College", "Bhopal")),
  ).toBeInTheDocument();
  expect(meera.getByText("COEP")).toBeInTheDocument();
});
