import { RECRUITMENT_MESSAGES, type RecruitmentPost } from "@shared/api/recruitment";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RecruitmentCard } from "./recruitment-card";

const post: RecruitmentPost = {
  id: "post-1",
  recruiterId: "u1",
  recruiterName: "Meera Joshi",
  recruiterCollege: "Fergusson College",
  purpose: "Robotics league team",
  maxStudents: 4,
  event: "Robocon 2027",
  qualities: "Arduino, CAD",
  years: ["2nd Year"],
  description: "We need an electronics person.",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

function answer(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderCard({ isOwn }: { isOwn: boolean }) {
  const onEdit = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/teammates", element: <RecruitmentCard post={post} isOwn={isOwn} onEdit={onEdit} /> },
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

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  // The spec only logs failed deletes and chats; the test reads the note on screen instead.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(console.warn).mockRestore();
});

describe("a recruitment post's card", () => {
  it("shows the post as the list does", () => {
    renderCard({ isOwn: false });
    const card = screen.getByRole("article", { name: "Robotics league team" });
    expect(card).toHaveTextContent("Looking for 4 member(s)");
    expect(card).toHaveTextContent("Event: Robocon 2027");
    expect(card).toHaveTextContent("Skills: Arduino, CAD");
    expect(card).toHaveTextContent("Posted 1 Nov 2026");
    expect(screen.getByRole("link", { name: "Meera Joshi" })).toHaveAttribute("href", "/profile/u1");
  });

  it("offers another student Message Recruiter, which opens the chat in Messages", async () => {
    const chat = { id: "recruitment_u2_u1_post-1" };
    fetchMock.mockResolvedValue(answer(200, { chat }));
    const { user, router } = renderCard({ isOwn: false });
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
      answer(500, { error: { code: "internal", message: "Something went wrong." } }),
    );
    const { user } = renderCard({ isOwn: false });
    await user.click(screen.getByRole("button", { name: "Message Recruiter" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(RECRUITMENT_MESSAGES.startFailed);
  });

  it("offers its owner Edit and Delete instead of Message Recruiter", async () => {
    const { user, onEdit } = renderCard({ isOwn: true });
    expect(screen.queryByRole("button", { name: "Message Recruiter" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(onEdit).toHaveBeenCalledWith(post);
  });

  it("deletes only after the spec's confirmation", async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    fetchMock.mockResolvedValue(answer(204));
    const { user } = renderCard({ isOwn: true });

    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenLastCalledWith(RECRUITMENT_MESSAGES.deleteConfirm);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/recruitment-posts/post-1");
    expect(init?.method).toBe("DELETE");
  });

  it("says so when the post cannot be deleted", async () => {
    vi.stubGlobal("confirm", () => true);
    fetchMock.mockResolvedValue(
      answer(500, { error: { code: "internal", message: "Something went wrong." } }),
    );
    const { user } = renderCard({ isOwn: true });
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not delete your recruitment post. Please try again.",
    );
  });
});
