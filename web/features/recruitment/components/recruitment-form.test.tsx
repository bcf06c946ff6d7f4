import type { CampusEvent } from "@shared/api/events";
import type { RecruitmentPost } from "@shared/api/recruitment";
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { upcomingEventsQueryOptions } from "../api/get-upcoming-events";
import { apiAnswer, buildRecruitmentPost, stubApi } from "../testing/recruitment-fixtures";
import { RecruitmentForm } from "./recruitment-form";

const post = buildRecruitmentPost({
  abilities: {
    canEdit: true,
    canDelete: true,
    canMessage: false,
    canRequest: false,
    canManageRequests: true,
  },
});

function renderForm(editing: RecruitmentPost | null = null, events: object[] = []) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // The 'Linked event' picker's upcoming events, as if already fetched.
  queryClient.setQueryData(upcomingEventsQueryOptions.queryKey, { events: events as CampusEvent[] });
  render(
    <QueryClientProvider client={queryClient}>
      <RecruitmentForm post={editing} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

const { fetchMock, sent } = stubApi();

describe("the recruitment form", () => {
  it("offers the upcoming events soonest first in the 'Linked event' picker", () => {
    renderForm(null, [
      { id: "e3", title: "Late fest", date: "2099-03-01", time: "10:00" },
      { id: "e2", title: "Evening talk", date: "2099-02-01", time: "18:00" },
      { id: "e1", title: "Morning hack", date: "2099-02-01", time: "09:00" },
    ]);
    const options = [...(screen.getByLabelText("Linked event") as HTMLSelectElement).options];
    expect(options.slice(1).map((option) => option.value)).toEqual(["e1", "e2", "e3"]);
  });

  it("opens at its first field, with a team of one", async () => {
    renderForm();
    expect(screen.getByRole("heading", { name: "Create Recruitment Post" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Purpose")).toHaveFocus());
    expect(screen.getByLabelText("Team Size")).toHaveValue(1);
  });

  it("refuses a blank purpose and description with the spec's messages, focusing the first", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Post" }));

    const purpose = screen.getByLabelText("Purpose");
    await waitFor(() => expect(purpose).toHaveFocus());
    expect(purpose).toHaveAttribute("aria-invalid", "true");
    expect(purpose).toHaveAccessibleDescription(
      expect.stringContaining(RECRUITMENT_MESSAGES.purposeRequired),
    );
    expect(screen.getByLabelText("Description")).toHaveAccessibleDescription(
      RECRUITMENT_MESSAGES.descriptionRequired,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(["21", "0", "2.5", ""])("refuses a team size of '%s' and puts the focus on it", async (size) => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Purpose"), "Smart India Hackathon");
    await user.type(screen.getByLabelText("Description"), "Need a backend developer");
    const teamSize = screen.getByLabelText("Team Size");
    await user.clear(teamSize);
    if (size) await user.type(teamSize, size);
    await user.click(screen.getByRole("button", { name: "Post" }));

    await waitFor(() => expect(teamSize).toHaveFocus());
    expect(screen.getByLabelText("Purpose")).not.toHaveAttribute("aria-invalid");
    expect(teamSize).toHaveAccessibleDescription(expect.stringContaining(RECRUITMENT_MESSAGES.teamSize));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts what was typed, the team size as a number, and closes", async () => {
    fetchMock.mockResolvedValue(apiAnswer(201, { post }));
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText("Purpose"), "Robotics league team");
    await user.clear(screen.getByLabelText("Team Size"));
    await user.type(screen.getByLabelText("Team Size"), "4");
    await user.type(screen.getByLabelText("Event"), "Robocon 2027");
    await user.type(screen.getByLabelText("Skills Needed"), "Arduino, CAD");
    await user.click(screen.getByRole("checkbox", { name: "2nd Year" }));
    await user.type(screen.getByLabelText("Description"), "We need an electronics person.");
    await user.click(screen.getByRole("button", { name: "Post" }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent()).toEqual({
      path: "/api/recruitment-posts",
      method: "POST",
      body: {
        purpose: "Robotics league team",
        maxStudents: 4,
        event: "Robocon 2027",
        qualities: "Arduino, CAD",
        years: ["2nd Year"],
        description: "We need an electronics person.",
        eventId: null,
      },
    });
  });

  it("edits a post from its own values and saves the change", async () => {
    fetchMock.mockResolvedValue(apiAnswer(200, { post: { ...post, maxStudents: 5 } }));
    const { user, onClose } = renderForm(post);
    expect(screen.getByRole("heading", { name: "Edit Recruitment Post" })).toBeInTheDocument();
    expect(screen.getByLabelText("Purpose")).toHaveValue("Robotics league team");
    expect(screen.getByRole("checkbox", { name: "2nd Year" })).toBeChecked();
    await user.clear(screen.getByLabelText("Team Size"));
    await user.type(screen.getByLabelText("Team Size"), "5");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent()).toMatchObject({ path: "/api/recruitment-posts/post-1", method: "PATCH" });
    expect(sent().body).toMatchObject({ maxStudents: 5, years: ["2nd Year"] });
  });

  it("says saving failed when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { user, onClose } = renderForm(post);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(
      await screen.findByText("Could not save your recruitment post. Please try again."),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses the post, and stays open", async () => {
    fetchMock.mockResolvedValue(
      apiAnswer(403, { error: { code: "forbidden", message: RECRUITMENT_MESSAGES.notYours } }),
    );
    const { user, onClose } = renderForm(post);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText(RECRUITMENT_MESSAGES.notYours)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
