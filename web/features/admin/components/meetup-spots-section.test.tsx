// The Colleges tab's Meetup Spots: students' suggestions wait with Approve and Reject; the
// administrator adds a spot to a chosen college.
import type { AdminMeetupSpot } from "@shared/api/meetups";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AdminNoticeProvider } from "./admin-notice";
import { MeetupSpotsSection } from "./meetup-spots-section";

const CITIES = [{ city: "Chennai", colleges: [{ id: "c1", name: "IIT Madras" }] }];

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const spot = (overrides: Partial<AdminMeetupSpot>): AdminMeetupSpot => ({
  id: "s1",
  collegeId: "c1",
  name: "Hostel canteen",
  directions: "Next to the billing counter.",
  collegeName: "IIT Madras",
  city: "Chennai",
  status: "pending",
  createdAt: "2026-12-05T04:00:00.000Z",
  ...overrides,
});

let spots: AdminMeetupSpot[];
const calls: { url: string; method: string; body: unknown }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const method = init?.method ?? "GET";
  calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url === "/api/admin/meetup-spots") return json(200, { spots });
  if (url === "/api/admin/meetup-spots/s1/approve" && method === "POST") {
    spots = spots.map((each) => (each.id === "s1" ? { ...each, status: "approved" } : each));
    return json(204, null);
  }
  if (url === "/api/admin/colleges/c1/meetup-spots" && method === "POST") {
    const body = JSON.parse(String(init?.body)) as { name: string; directions: string };
    spots = [...spots, spot({ id: "s2", ...body, status: "approved" })];
    return json(201, { spot: spots.at(-1) });
  }
  return json(404, { error: { code: "not_found", message: "Not found" } });
});

beforeEach(() => {
  spots = [spot({})];
  calls.length = 0;
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderSection() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminNoticeProvider>
        <MeetupSpotsSection cities={CITIES} />
      </AdminNoticeProvider>
    </QueryClientProvider>,
  );
}

it("approves a student's suggestion, which then is listed with Edit and Remove", async () => {
  renderSection();
  const waiting = await screen.findByRole("region", { name: "Suggested by students (1)" });
  expect(within(waiting).getByText("Hostel canteen")).toBeVisible();
  expect(within(waiting).getByRole("button", { name: "Reject Hostel canteen" })).toBeVisible();
  await userEvent.click(within(waiting).getByRole("button", { name: "Approve Hostel canteen" }));
  const listed = await screen.findByRole("region", { name: "Listed spots (1)" });
  expect(within(listed).getByRole("button", { name: "Edit Hostel canteen" })).toBeVisible();
  expect(within(listed).getByRole("button", { name: "Remove Hostel canteen" })).toBeVisible();
  expect(calls.some((call) => call.method === "POST" && call.url.endsWith("/s1/approve"))).toBe(true);
});

it("adds a spot to the chosen college, and asks for a college first", async () => {
  renderSection();
  const form = await screen.findByRole("form", { name: "Add a meetup spot" });
  await userEvent.type(within(form).getByLabelText("Spot name"), "Library entrance");
  await userEvent.type(within(form).getByLabelText("Directions"), "At the main doors.");
  await userEvent.click(within(form).getByRole("button", { name: "Add Spot" }));
  expect(await within(form).findByText("Please choose a college.")).toBeVisible();
  await userEvent.selectOptions(within(form).getByLabelText("College"), "c1");
  await userEvent.click(within(form).getByRole("button", { name: "Add Spot" }));
  expect(await screen.findByRole("region", { name: "Listed spots (1)" })).toBeVisible();
  expect(calls.find((call) => call.method === "POST")?.body).toEqual({
    name: "Library entrance",
    directions: "At the main doors.",
  });
});
