import type { User } from "@shared/api/auth";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { LiveFreshOnCampus } from "./fresh-on-campus-section";
import { LandingPage } from "./landing-page";

const STUDENT: User = {
  id: "u1",
  name: "Arjun Mehta",
  email: "arjun@example.in",
  city: "Mumbai",
  college: "IIT Bombay",
  collegePending: false,
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

describe("'Fresh on campus' inside the app", () => {
  it("asks for the newest listings itself and shows them as teasers", async () => {
    fakeApi(() => ({
      body: {
        city: null,
        cities: ["Bhopal"],
        items: [
          {
            id: "i1",
            productName: "Hero cycle",
            productImage: "/api/files/images/i1.jpg",
            price: 2500,
            condition: "used",
            sellerCollege: "Maulana Azad National Institute of Technology",
            collegeShortName: "MANIT",
          },
        ],
      },
    }));
    renderScreen(<LiveFreshOnCampus />);
    const card = await screen.findByRole("link", { name: /Hero cycle/ });
    expect(card).toHaveAttribute("href", "/item/i1");
    expect(card).toHaveTextContent("₹2,500");
    expect(card).toHaveTextContent("MANIT");
    expect(screen.getByRole("option", { name: "Bhopal" })).toBeInTheDocument();
  });
});
