import type { TeamRequest } from "@shared/api/recruitment";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { apiAnswer, buildRecruitmentPost, stubApi } from "../testing/recruitment-fixtures";
import { RequestsDialog } from "./team-dialogs";

const { fetchMock } = stubApi();

function buildRequest(overrides: Partial<TeamRequest> = {}): TeamRequest {
  return {
    id: "q1",
    postId: "post-1",
    requesterId: "u-asha",
    requesterName: "Asha Nair",
    requesterCollege: "VJTI Mumbai",
    note: "I build robots.",
    status: "pending",
    createdAt: "2026-12-01T10:00:00.000Z",
    ...overrides,
  };
}

function renderDialog(requests: TeamRequest[], onClose = vi.fn()) {
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === "POST") return apiAnswer(200, { request: { ...requests[0], status: "removed" } });
    return String(input).endsWith("/requests") ? apiAnswer(200, { requests }) : apiAnswer(404, {});
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const post = buildRecruitmentPost({ purpose: "Robotics crew", pendingCount: 1 });
  const router = createMemoryRouter(
    [{ path: "*", element: <RequestsDialog post={post} onClose={onClose} /> }],
    { initialEntries: ["/teammates"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onClose };
}

describe("the recruiter's Requests dialog", () => {
  it("shows each requester's college and a link to their profile", async () => {
    renderDialog([buildRequest()]);
    expect(await screen.findByText("VJTI Mumbai")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Asha Nair's profile" })).toHaveAttribute(
      "href",
      "/profile/u-asha",
    );
    expect(screen.getByText("I build robots.")).toBeInTheDocument();
  });

  it("asks before removing a member, and removes nobody when the answer is no", async () => {
    const { user } = renderDialog([buildRequest({ status: "accepted" })]);
    await user.click(await screen.findByRole("button", { name: TEAM_MESSAGES.removeMember }));
    const question = await screen.findByRole("dialog", { name: TEAM_MESSAGES.removeMember });
    expect(
      within(question).getByText("Remove Asha Nair from Robotics crew? They will be told."),
    ).toBeVisible();
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: TEAM_MESSAGES.removeMember }));
    const again = await screen.findByRole("dialog", { name: TEAM_MESSAGES.removeMember });
    await user.click(within(again).getByRole("button", { name: TEAM_MESSAGES.removeMember }));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([path, init]) => init?.method === "POST" && String(path).endsWith("/q1/remove"),
        ),
      ).toBe(true),
    );
  });

  it("has a Close button", async () => {
    const { user, onClose } = renderDialog([]);
    await screen.findByText("No requests yet.");
    await user.click(screen.getByRole("button", { name: TEAM_MESSAGES.close }));
    expect(onClose).toHaveBeenCalled();
  });
});
