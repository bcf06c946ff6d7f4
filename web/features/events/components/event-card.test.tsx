import type { CampusEvent } from "@shared/api/events";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EventCard } from "./event-card";

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
});
