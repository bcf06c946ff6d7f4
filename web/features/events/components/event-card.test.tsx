import type { CampusEvent } from "@shared/api/events";
import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/helpers/render-screen";
import { fakePushBrowser } from "../../../components/push-prompt/testing/fake-push-browser";
import { EventCard as Card } from "./event-card";

/** The card with what its actions need: a query client and a router. */
function EventCard({ event }: { event: CampusEvent }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Card event={event} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const event: CampusEvent = {
  id: "event-1",
  title: "Hackathon 2099",
  description: "Teams of up to four build for 24 hours.",
  date: "2099-12-15",
  time: "17:30",
  venue: "Main Auditorium",
  college: "IIT Bombay",
  city: "Mumbai",
  organizer: "Coding Club",
  image: "https://example.in/hackathon.png",
  registrationUrl: "https://forms.example.in/hackathon",
  createdAt: "2099-01-01T10:00:00.000Z",
  interestedCount: 24,
  isInterested: false,
  teamsCount: 0,
  hasEnded: false,
  endDate: "2099-12-15",
  endTime: "19:30",
  registrationCloses: null,
  isCancelled: false,
  cancelReason: null,
  canManage: false,
};

describe("an event's card", () => {
  it("shows when and where, in India's time, with its organizer", () => {
    render(<EventCard event={event} />);
    const card = screen.getByRole("article", { name: "Hackathon 2099" });
    const when = screen.getByText("15 Dec 2099, 5:30 pm");
    expect(when).toHaveAttribute("datetime", "2099-12-15T17:30+05:30");
    expect(card).toHaveTextContent("Venue:Main Auditorium");
    expect(card).toHaveTextContent("College:IIT Bombay, Mumbai");
    expect(card).toHaveTextContent("Organizer:Coding Club");
  });

  it("links Register Now to the registration form in a new tab", () => {
    render(<EventCard event={event} />);
    const register = screen.getByRole("link", { name: /Register Now/ });
    expect(register).toHaveAttribute("href", "https://forms.example.in/hackathon");
    expect(register).toHaveAttribute("target", "_blank");
    expect(register).toHaveAttribute("rel", "noopener noreferrer");
    expect(register).toHaveAccessibleName("Register Now (opens in a new tab)");
  });

  it("has no Register Now without a registration URL", () => {
    render(<EventCard event={{ ...event, registrationUrl: null }} />);
    expect(screen.queryByRole("link", { name: /Register Now/ })).not.toBeInTheDocument();
  });

  it("shows a plain panel instead of a picture that cannot load", () => {
    render(<EventCard event={event} />);
    fireEvent.error(screen.getByRole("img", { name: "Hackathon 2099" }));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("marks 'Interested' on the server and shows the count at once", async () => {
    const api = fakeApi(() => ({ body: { interestedCount: 25, isInterested: true } }));
    render(<EventCard event={event} />);
    expect(screen.getByText("24 interested")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Interested" }));
    expect(await screen.findByText("25 interested")).toBeInTheDocument();
    expect(api.requests).toContainEqual({
      path: "/api/events/event-1/interest",
      method: "PUT",
      body: undefined,
    });
  });

  it("offline, 'Interested' says so beside it, changes nothing and sends nothing; back online it works", async () => {
    const api = fakeApi(() => ({ body: { interestedCount: 25, isInterested: true } }));
    render(<EventCard event={event} />);
    act(() => onlineManager.setOnline(false));
    try {
      const interested = screen.getByRole("button", { name: "Interested" });
      fireEvent.click(interested);
      expect(screen.getByRole("alert")).toHaveTextContent(
        "You're offline. Try again when you're back online.",
      );
      expect(interested).toHaveAttribute("aria-pressed", "false");
      expect(screen.getByText("24 interested")).toBeInTheDocument();
      expect(api.requests).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Interested" }));
    expect(await screen.findByText("25 interested")).toBeInTheDocument();
  });

  it("offline, 'Register Now' stays on the page and says so beside it", () => {
    render(<EventCard event={event} />);
    act(() => onlineManager.setOnline(false));
    try {
      const isFollowed = fireEvent.click(screen.getByRole("link", { name: /Register Now/ }));
      expect(isFollowed).toBe(false);
      expect(screen.getByRole("alert")).toHaveTextContent(
        "You're offline. Try again when you're back online.",
      );
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it("after marking 'Interested', offers pushes 'before the event'", async () => {
    const browser = fakePushBrowser();
    try {
      fakeApi((path) =>
        path === "/api/me/push-prompt"
          ? { body: { isDue: true } }
          : { body: { interestedCount: 25, isInterested: true } },
      );
      render(<EventCard event={event} />);
      expect(screen.queryByRole("region", { name: "Get notified before the event" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Interested" }));
      const card = await screen.findByRole("region", { name: "Get notified before the event" });
      expect(card).toHaveTextContent("Turn on");
    } finally {
      browser.remove();
      vi.unstubAllGlobals();
    }
  });

  it("says a past event has ended, and offers no registration", () => {
    render(<EventCard event={{ ...event, hasEnded: true }} />);
    expect(screen.getByText("This event has ended")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Register Now/ })).toBeNull();
  });

  it("links the teams looking for members", () => {
    render(<EventCard event={{ ...event, teamsCount: 2 }} />);
    expect(screen.getByRole("link", { name: "Teams looking for members (2)" })).toHaveAttribute(
      "href",
      "/teammates?eventId=event-1",
    );
  });

  it("copies the link to the event's card when the device has no share sheet", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<EventCard event={event} />);
    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/event-1`);
  });

  it("offers Google Calendar and the .ics file under 'Add to Calendar'", () => {
    render(<EventCard event={event} />);
    fireEvent.click(screen.getByRole("button", { name: "Add to Calendar" }));
    expect(screen.getByRole("menuitem", { name: "Google Calendar" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Download .ics" })).toBeInTheDocument();
  });

  it("links Google Calendar's event to its public page, which opens signed out", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    render(<EventCard event={event} />);
    fireEvent.click(screen.getByRole("button", { name: "Add to Calendar" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Google Calendar" }));
    const url = new URL(String(open.mock.calls[0]?.[0]));
    expect(url.origin).toBe("https://calendar.google.com");
    expect(url.searchParams.get("details")).toBe(
      `${event.description}\n\n${window.location.origin}/events/event-1`,
    );
    open.mockRestore();
  });
});
