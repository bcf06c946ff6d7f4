import type { User } from "@shared/api/auth";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LandingPage } from "./landing-page";

// 'Fresh on campus' asks the server for the newest listings as the page mounts.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ city: null, items: [], cities: [] })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const STUDENT: User = {
  id: "u1",
  name: "Arjun Mehta",
  email: "arjun@example.in",
  city: "Mumbai",
  college: "IIT Bombay",
  mobile: "9123456780",
  role: "student",
  emailVerified: true,
  bio: "",
  profilePhoto: null,
  holidayMode: { isActive: false, fromDate: null, toDate: null },
  createdAt: "2026-11-01T10:00:00.000Z",
  lastLogin: null,
};

describe("the landing page", () => {
  it("invites a visitor to sign up or sign in", () => {
    render(<LandingPage session={{ user: null, isAdmin: false, isLoading: false }} />);
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(account).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Get Started Free" })).toHaveAttribute("href", "/signup");
    expect(document.title).toBe("Campus Bazaar – Your Campus Marketplace");
  });

  it("welcomes a signed-in student and leads to the dashboard, the administrator to the admin panel", () => {
    const { unmount } = render(<LandingPage session={{ user: STUDENT, isAdmin: false, isLoading: false }} />);
    expect(screen.getByText(/Welcome back,/)).toHaveTextContent("Welcome back, Arjun Mehta!");
    expect(screen.getAllByRole("link", { name: "Go to Dashboard" })[0]).toHaveAttribute("href", "/dashboard");
    unmount();

    render(
      <LandingPage session={{ user: { ...STUDENT, role: "admin" }, isAdmin: true, isLoading: false }} />,
    );
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin");
  });

  it("draws its icons for the eye only", () => {
    const { container } = render(<LandingPage session={{ user: null, isAdmin: false, isLoading: false }} />);
    const icons = container.querySelectorAll("svg");
    expect(icons.length).toBeGreaterThan(10);
    for (const icon of icons) expect(icon).toHaveAttribute("aria-hidden", "true");
  });
});
