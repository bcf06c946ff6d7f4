import { TEAM_MESSAGES } from "@shared/team-constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiAnswer, buildRecruitmentPost, stubApi } from "../testing/recruitment-fixtures";
import { TeamStatus } from "./team-status";

function renderStatus(post = buildRecruitmentPost()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TeamStatus post={post} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const { fetchMock, sent } = stubApi();

/** Another student's abilities where the server offers no 'Request to Join'. */
const CANNOT_REQUEST = {
  canEdit: false,
  canDelete: false,
  canMessage: true,
  canRequest: false,
  canManageRequests: false,
};

/** The post as a student who has asked to join sees it. */
const asRequester = (myRequest: NonNullable<ReturnType<typeof buildRecruitmentPost>["myRequest"]>) =>
  buildRecruitmentPost({ myRequest, abilities: CANNOT_REQUEST });

describe("a team's status on its card", () => {
  it("shows how full the team is with a bar, and its members", () => {
    renderStatus(
      buildRecruitmentPost({
        maxStudents: 4,
        acceptedCount: 2,
        members: [
          { id: "a", name: "Asha" },
          { id: "r", name: "Rohan" },
        ],
      }),
    );
    expect(screen.getByText("2 of 4 spots filled")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "2 of 4 spots filled" })).toHaveAttribute("value", "2");
    expect(screen.getByText("Team: Asha, Rohan")).toBeInTheDocument();
  });

  it("says 'Team full' and offers no request when the team is full", () => {
    renderStatus(
      buildRecruitmentPost({
        maxStudents: 1,
        acceptedCount: 1,
        isFull: true,
        members: [{ id: "a", name: "Asha" }],
        abilities: CANNOT_REQUEST,
      }),
    );
    expect(screen.getByText("Team full")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request to Join" })).toBeNull();
  });

  it("sends 'Request to Join' with the note, from a dialog that loads when asked", async () => {
    fetchMock.mockResolvedValue(apiAnswer(201, { request: { id: "q1" } }));
    const user = renderStatus();
    await user.click(screen.getByRole("button", { name: "Request to Join" }));
    const dialog = await screen.findByRole("dialog", { name: "Request to Join" });
    await user.type(screen.getByLabelText("Note (optional)"), "I know CAD.");
    await user.click(screen.getAllByRole("button", { name: "Request to Join" }).at(-1) as HTMLElement);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toEqual({
      path: "/api/recruitment-posts/post-1/requests",
      method: "POST",
      body: { note: "I know CAD." },
    });
  });

  it("lets the requester cancel a pending request", async () => {
    fetchMock.mockResolvedValue(apiAnswer(200, { request: { id: "q1" } }));
    const user = renderStatus(asRequester({ id: "q1", status: "pending" }));
    await user.click(screen.getByRole("button", { name: "Cancel Request" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toMatchObject({ path: "/api/team-requests/q1", method: "DELETE" });
  });

  it("tells a member they are on the team and lets them leave it after confirming", async () => {
    fetchMock.mockResolvedValue(apiAnswer(200, { request: { id: "q1", status: "left" } }));
    const user = renderStatus(asRequester({ id: "q1", status: "accepted" }));
    expect(screen.getByText("You are on this team")).toBeInTheDocument();
    const leave = screen.getByRole("button", { name: "Leave Team" });

    await user.click(leave);
    let dialog = screen.getByRole("dialog", { name: "Leave Team" });
    expect(dialog).toHaveAccessibleDescription(TEAM_MESSAGES.leaveConfirm);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(leave);
    dialog = screen.getByRole("dialog", { name: "Leave Team" });
    await user.click(within(dialog).getByRole("button", { name: "Leave Team" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(sent()).toMatchObject({ path: "/api/team-requests/q1/leave", method: "POST" });
  });

  it("says in the server's words why leaving failed", async () => {
    fetchMock.mockResolvedValue(
      apiAnswer(409, { error: { code: "conflict", message: TEAM_MESSAGES.notOnTeam } }),
    );
    const user = renderStatus(asRequester({ id: "q1", status: "accepted" }));
    await user.click(screen.getByRole("button", { name: "Leave Team" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Leave Team" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(TEAM_MESSAGES.notOnTeam);
  });

  it("tells a declined or removed student when they may ask again", () => {
    renderStatus(asRequester({ id: "q1", status: "declined" }));
    expect(screen.getByText(/Your request was declined\./)).toHaveTextContent(TEAM_MESSAGES.askAgainLater);
    expect(screen.queryByRole("button", { name: "Request to Join" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Leave Team" })).toBeNull();
  });
});
