import type { User } from "@shared/api/auth";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_OUT_PAGE } from "./session-parts";
import { renderStaticLanding } from "./static-landing";

const STUDENT: User = {
  id: "u1",
  name: "Arjun <Mehta>",
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

/**
 * Opens the landing page as the build writes it (landing.html) and runs its script, with the
 * server answering /api/auth/me with `answer`.
 */
async function openStaticLandingPage(answer: () => Promise<Response>) {
  const { page, templates } = renderStaticLanding();
  // Parsed as the browser parses landing.html.
  document.body.replaceChildren(
    document.createRange().createContextualFragment(`<div id="root">${page}</div>${templates}`),
  );
  const fetch = vi.fn((url: string) => (url.startsWith(FRESH_PATH) ? fresh(url) : answer()));
  vi.stubGlobal("fetch", fetch);
  vi.resetModules();
  await import("./landing-session");
  return fetch;
}

const FRESH_PATH = "/api/public/fresh-listings";
const teaser = (id: string, productName: string, price: number, collegeShortName: string) => ({
  id,
  productName,
  productImage: `/api/files/images/${id}.jpg`,
  price,
  condition: "used",
  sellerCollege: `${collegeShortName} (full name)`,
  collegeShortName,
});
/** The server's 'Fresh on campus': India's newest, or Mumbai's. */
async function fresh(url: string): Promise<Response> {
  const city = new URL(url, "http://localhost").searchParams.get("city");
  const items =
    city === "Mumbai"
      ? [teaser("m1", "Hostel mattress", 800, "IIT Bombay")]
      : [teaser("d1", "Casio fx-991EX", 1250, "IITD"), teaser("m1", "Hostel mattress", 800, "IIT Bombay")];
  return Response.json({ city, items, cities: ["Delhi", "Mumbai"] });
}

/** The session requests the page made, leaving out 'Fresh on campus'. */
const sessionCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([url]) => !String(url).startsWith(FRESH_PATH));

const me = (user: User | null) => async () => Response.json({ user });

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the landing page as the build writes it", () => {
  it("shows placeholders until the server says who is signed in, then invites a visitor in", async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = await openStaticLandingPage(() => new Promise((resolve) => (answer = resolve)));
    expect(fetch).toHaveBeenCalledWith(
      "/api/auth/me",
      expect.objectContaining({ credentials: "same-origin" }),
    );
    expect(screen.getByRole("heading", { level: 1, name: "Your Campus Marketplace" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();

    answer(Response.json({ user: null }));
    await screen.findByRole("link", { name: "Login" });
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(account).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Get Started Free" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Create Free Account" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("heading", { name: "Ready to join your campus community?" })).toBeInTheDocument();
  });

  it("welcomes a signed-in student by name and leads to the dashboard", async () => {
    await openStaticLandingPage(me(STUDENT));
    const welcome = await screen.findByText(/Welcome back,/);
    expect(welcome).toHaveTextContent("Welcome back, Arjun <Mehta>! Pick up where you left off.");
    expect(screen.getByText(/^Welcome,/)).toHaveTextContent("Welcome, Arjun <Mehta>");
    const dashboardLinks = screen.getAllByRole("link", { name: /Dashboard/ });
    expect(dashboardLinks).toHaveLength(3);
    for (const link of dashboardLinks) expect(link).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Browse Items" })).toHaveAttribute("href", "/buy");
    expect(screen.getByRole("heading", { name: "Ready for your next deal?" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
  });

  it("leads the administrator to the admin panel", async () => {
    await openStaticLandingPage(me({ ...STUDENT, role: "admin" }));
    await screen.findByText(/Welcome back,/);
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin");
    expect(screen.getAllByRole("link", { name: "Go to Dashboard" })[0]).toHaveAttribute("href", "/admin");
  });

  it("asks nothing on the copy drawn for a visitor, which invites them in at once", async () => {
    const { signedOutPage } = renderStaticLanding();
    document.body.replaceChildren(
      document
        .createRange()
        .createContextualFragment(`<div id="root" data-session="${SIGNED_OUT_PAGE}">${signedOutPage}</div>`),
    );
    const fetch = vi.fn((url: string) => (url.startsWith(FRESH_PATH) ? fresh(url) : me(STUDENT)()));
    vi.stubGlobal("fetch", fetch);
    vi.resetModules();
    await import("./landing-session");
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(account).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Get Started Free" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("heading", { name: "Ready to join your campus community?" })).toBeInTheDocument();
    expect(sessionCalls(fetch)).toHaveLength(0);
  });

  it("shows a visitor 'Fresh on campus': teasers linking to the item, and a city's when one is picked", async () => {
    const fetch = await openStaticLandingPage(me(null));
    const section = screen.getByRole("region", { name: "Fresh on campus" });
    const list = within(section).getByRole("list", { name: "Fresh on campus" });
    const first = await within(list).findByRole("link", { name: /Casio fx-991EX/ });
    expect(first).toHaveAttribute("href", "/item/d1");
    expect(first).toHaveTextContent("₹1,250");
    expect(first).toHaveTextContent("IITD");
    expect(within(list).getAllByRole("link")).toHaveLength(2);

    const city = within(section).getByRole("combobox", { name: "Your city" });
    (city as HTMLSelectElement).value = "Mumbai";
    city.dispatchEvent(new Event("change"));
    await within(section).findByText("Listings in Mumbai");
    expect(within(list).getAllByRole("link")).toHaveLength(1);
    expect(fetch).toHaveBeenCalledWith(`${FRESH_PATH}?city=Mumbai`, expect.anything());
    expect(localStorage.getItem("cb-fresh-city")).toBe("Mumbai");
    localStorage.clear();
  });

  it("shows the signed-out page when the server cannot be reached", async () => {
    await openStaticLandingPage(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await screen.findByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Already have an account?" })).toHaveAttribute("href", "/login");
  });
});
