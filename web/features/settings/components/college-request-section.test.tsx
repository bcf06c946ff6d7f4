import type { MeResponse } from "@shared/api/auth";
import type { MyCollegeRequest } from "@shared/api/colleges";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { meQueryOptions } from "../../../lib/session";
import { json, student } from "../testing/settings-fixtures";
import { CollegeRequestSection } from "./college-request-section";

let waiting: MyCollegeRequest | null;
let postAnswer: (body: { name: string; city: string }) => Response;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url === "/api/me/college-request" && init?.method === "POST") {
    return postAnswer(JSON.parse(String(init.body)));
  }
  if (url === "/api/me/college-request") return json(200, { request: waiting });
  return json(404, { error: { code: "not_found", message: "Not found" } });
});

beforeEach(() => {
  waiting = null;
  postAnswer = ({ name, city }) =>
    json(201, {
      request: { id: "r1", name, city, createdAt: "2026-12-05T10:00:00.000Z" },
      user: { ...student, collegePending: true },
    });
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
  queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user: student });
  const onResult = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <CollegeRequestSection onResult={onResult} />
    </QueryClientProvider>,
  );
  return { onResult, queryClient };
}

const posts = () =>
  fetchMock.mock.calls.filter(([url, init]) => url === "/api/me/college-request" && init?.method === "POST");

it("sends the college's name and city, then says the request waits and the student is 'College pending'", async () => {
  const { onResult, queryClient } = renderSection();
  expect(await screen.findByText("COEP")).toBeInTheDocument();
  await userEvent.click(
    await screen.findByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen }),
  );

  // The shared form, with Settings' words; its name field takes the focus.
  const name = await screen.findByLabelText(COLLEGE_REQUEST_TEXTS.nameLabel);
  expect(name).toHaveFocus();
  expect(screen.getByText(LATER_COLLEGE_REQUEST_TEXTS.settingsFormHint)).toBeInTheDocument();
  await userEvent.type(name, "Sunrise  Institute");
  await userEvent.type(screen.getByLabelText(COLLEGE_REQUEST_TEXTS.cityLabel), "Nashik{Enter}");

  await waitFor(() => expect(onResult).toHaveBeenCalledWith("success", LATER_COLLEGE_REQUEST_TEXTS.sent));
  expect(posts()).toHaveLength(1);
  expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ name: "Sunrise Institute", city: "Nashik" });
  expect(
    await screen.findByText(LATER_COLLEGE_REQUEST_TEXTS.waiting("Sunrise Institute", "Nashik")),
  ).toBeInTheDocument();
  expect(
    screen.queryByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen }),
  ).not.toBeInTheDocument();
  expect(queryClient.getQueryData<MeResponse>(meQueryOptions.queryKey)?.user?.collegePending).toBe(true);
  expect(screen.getByText(COLLEGE_REQUEST_TEXTS.pending)).toBeInTheDocument();
});

it("checks the fields before asking the server, and Cancel gives the focus back to the button", async () => {
  renderSection();
  await userEvent.click(
    await screen.findByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen }),
  );
  await userEvent.type(await screen.findByLabelText(COLLEGE_REQUEST_TEXTS.nameLabel), "Good College");
  await userEvent.click(screen.getByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.send }));
  expect(await screen.findByText(COLLEGE_REQUEST_TEXTS.cityRequired)).toBeInTheDocument();
  expect(screen.getByLabelText(COLLEGE_REQUEST_TEXTS.cityLabel)).toHaveFocus();
  expect(posts()).toHaveLength(0);

  await userEvent.click(screen.getByRole("button", { name: COLLEGE_REQUEST_TEXTS.cancel }));
  const open = screen.getByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen });
  await waitFor(() => expect(open).toHaveFocus());
});

it("shows the server's refusal in the Settings banner and keeps the form", async () => {
  const message = LATER_COLLEGE_REQUEST_TEXTS.alreadyWaiting("Sunrise Institute", "Nashik");
  postAnswer = () => json(409, { error: { code: "conflict", message } });
  const { onResult } = renderSection();
  await userEvent.click(
    await screen.findByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen }),
  );
  await userEvent.type(await screen.findByLabelText(COLLEGE_REQUEST_TEXTS.nameLabel), "Other College");
  await userEvent.type(screen.getByLabelText(COLLEGE_REQUEST_TEXTS.cityLabel), "Pune");
  await userEvent.click(screen.getByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.send }));
  await waitFor(() => expect(onResult).toHaveBeenCalledWith("error", message));
  expect(screen.getByLabelText(COLLEGE_REQUEST_TEXTS.nameLabel)).toHaveValue("Other College");
});

it("a request already waiting is named, with no second form", async () => {
  waiting = { id: "r1", name: "Greenfield College", city: "Indore", createdAt: "2026-12-01T10:00:00.000Z" };
  renderSection();
  expect(
    await screen.findByText(LATER_COLLEGE_REQUEST_TEXTS.waiting("Greenfield College", "Indore")),
  ).toBeInTheDocument();
  expect(
    screen.queryByRole("button", { name: LATER_COLLEGE_REQUEST_TEXTS.settingsOpen }),
  ).not.toBeInTheDocument();
});
