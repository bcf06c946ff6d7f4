import type { RecruitmentAbilities } from "@shared/api/recruitment";
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { apiAnswer, buildRecruitmentPost, stubApi } from "../testing/recruitment-fixtures";
import { RecruitmentCard } from "./recruitment-card";

const post = buildRecruitmentPost();
const recruiter: RecruitmentAbilities = {
  canEdit: true,
  canDelete: true,
  canMessage: false,
  canRequest: false,
  canManageRequests: true,
};
const otherStudent: RecruitmentAbilities = {
  canEdit: false,
  canDelete: false,
  canMessage: true,
  canRequest: true,
  canManageRequests: false,
};

function renderCard(abilities: RecruitmentAbilities, isOwn = abilities.canEdit) {
  const onEdit = vi.fn();
  const shown = { ...post, abilities };
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/teammates", element: <RecruitmentCard post={shown} isOwn={isOwn} onEdit={onEdit} /> },
      { path: "/messages", element: <p>Messages</p> },
    ],
    { initialEntries: ["/teammates"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onEdit, router, queryClient, user: userEvent.setup() };
}

const { fetchMock } = stubApi();

describe("a recruitment post's card", () => {
  it("shows the post as the list does", () => {
    renderCard(otherStudent);
    const card = screen.getByRole("article", { name: "Robotics league team" });
    expect(card).toHaveTextContent("Looking for 4 member(s)");
    expect(card).toHaveTextContent("Event: Robocon 2027");
    expect(card).toHaveTextContent("Skills: Arduino, CAD");
    expect(card).toHaveTextContent("Posted 1 Nov 2026");
    expect(screen.getByRole("link", { name: "Meera Joshi" })).toHaveAttribute("href", "/profile/u1");
  });

  it("offers another student Message Recruiter, which opens the chat in Messages", async () => {
    const chat = { id: "recruitment_u2_u1_post-1" };
    fetchMock.mockResolvedValue(apiAnswer(200, { chat }));
    const { user, router } = renderCard(otherStudent);
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Message Recruiter" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/messages"));
    expect(router.state.location.search).toBe(`?chatId=${chat.id}`);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/recruitment-posts/post-1/message");
    expect(init?.method).toBe("POST");
  });

  it("says so when the chat cannot be started", async () => {
    fetchMock.mockResolvedValue(
      apiAnswer(500, { error: { code: "internal", message: "Something went wrong." } }),
    );
    const { user } = renderCard(otherStudent);
    await user.click(screen.getByRole("button", { name: "Message Recruiter" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(RECRUITMENT_MESSAGES.startFailed);
  });

  it("offers its owner Edit and Delete instead of Message Recruiter", async () => {
    const { user, onEdit } = renderCard(recruiter);
    expect(screen.queryByRole("button", { name: "Message Recruiter" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: post.id }));
  });

  it("shows only what the server allows, whoever wrote the post", () => {
    renderCard(
      { canEdit: false, canDelete: true, canMessage: false, canRequest: false, canManageRequests: true },
      true,
    );
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Message Recruiter" })).not.toBeInTheDocument();
  });

  it("deletes only after the spec's confirmation in the page's own dialog", async () => {
    fetchMock.mockResolvedValue(apiAnswer(204));
    const { user } = renderCard(recruiter);
    const deleteButton = screen.getByRole("button", { name: "Delete" });

    await user.click(deleteButton);
    let dialog = screen.getByRole("dialog", { name: "Please confirm" });
    expect(dialog).toHaveAccessibleDescription(RECRUITMENT_MESSAGES.deleteConfirm);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(deleteButton);
    dialog = screen.getByRole("dialog", { name: "Please confirm" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/recruitment-posts/post-1");
    expect(init?.method).toBe("DELETE");
  });

  it("says so when the post cannot be deleted", async () => {
    fetchMock.mockResolvedValue(
      apiAnswer(500, { error: { code: "internal", message: "Something went wrong." } }),
    );
    const { user } = renderCard(recruiter);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not delete your recruitment post. Please try again.",
    );
  });
});
