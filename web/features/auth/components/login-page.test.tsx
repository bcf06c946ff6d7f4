import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { LoginPage } from "./login-page";

const STUDENT = { id: "u1", name: "Arjun Mehta", email: "arjun@example.in", role: "student" };

afterEach(() => vi.unstubAllGlobals());

describe("the sign-in form", () => {
  it("asks for the email first, then a well-formed one, then the password, sending nothing meanwhile", async () => {
    const user = userEvent.setup();
    const api = fakeApi(() => ({ body: { user: null } }));
    renderScreen(<LoginPage />, { path: "/login" });

    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Email is required")).toBeVisible();
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    expect(screen.getByLabelText("Email address")).toHaveAccessibleDescription("Email is required");

    await user.type(screen.getByLabelText("Email address"), "arjun@");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeVisible();

    await user.type(screen.getByLabelText("Email address"), "example.in");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Password is required")).toBeVisible();
    expect(screen.getByLabelText("Password", { selector: "input" })).toHaveFocus();
    expect(api.requests.filter((request) => request.path === "/api/auth/login")).toEqual([]);
  });

  it("shows the refusal in the spec's words and keeps the person on the form", async () => {
    const user = userEvent.setup();
    fakeApi(() => apiError(401, "invalid_credential", "Invalid email or password."));
    renderScreen(<LoginPage />, { path: "/login" });

    await user.type(screen.getByLabelText("Email address"), "arjun@example.in");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByText("Invalid email or password. Please check your credentials."),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("names a suspension's reason with an 'Appeal' link, and keeps the appeal token for that page only", async () => {
    const user = userEvent.setup();
    const refusal = "Your account is suspended until 12 Dec 2026: Spam. You can appeal.";
    const appeal = { token: "s.1.sig", expiresAt: new Date(Date.now() + 60_000).toISOString() };
    fakeApi(() => ({ status: 403, body: { error: { code: "user_suspended", message: refusal, appeal } } }));
    renderScreen(<LoginPage />, { path: "/login" });

    await user.type(screen.getByLabelText("Email address"), "arjun@example.in");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Campus#Bazaar9");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`${refusal} Appeal`);
    expect(screen.getByRole("link", { name: "Appeal" })).toHaveAttribute("href", "/appeal");
    expect(JSON.parse(sessionStorage.getItem("campus-bazaar:appeal") ?? "{}")).toMatchObject({
      token: "s.1.sig",
      message: refusal,
    });
    sessionStorage.clear();
  });

  it("says once why an open tab was signed out", async () => {
    sessionStorage.setItem("campus-bazaar:signed-out-reason", "ended-elsewhere");
    fakeApi(() => ({ body: { user: null } }));
    const { unmount } = renderScreen(<LoginPage />, { path: "/login" });
    expect(
      await screen.findByText("You were signed out because your account was signed out from another device."),
    ).toBeVisible();
    unmount();
    renderScreen(<LoginPage />, { path: "/login" });
    await screen.findByRole("button", { name: "Sign in" });
    expect(screen.queryByText(/You were signed out/)).toBeNull();
  });

  it("puts a refusal that concerns one field on that field", async () => {
    const user = userEvent.setup();
    fakeApi(() => apiError(401, "wrong_password", "Wrong password."));
    renderScreen(<LoginPage />, { path: "/login" });

    await user.type(screen.getByLabelText("Email address"), "arjun@example.in");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const password = screen.getByLabelText("Password", { selector: "input" });
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription("Incorrect password. Please try again."),
    );
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();
  });

  it("sends a student to the dashboard with the trimmed address", async () => {
    const user = userEvent.setup();
    const api = fakeApi(() => ({ body: { user: STUDENT } }));
    renderScreen(<LoginPage />, { path: "/login" });

    await user.type(screen.getByLabelText("Email address"), "  arjun@example.in ");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Campus#Bazaar9");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Now at /dashboard")).toBeVisible();
    expect(api.requests.find((request) => request.path === "/api/auth/login")?.body).toEqual({
      email: "arjun@example.in",
      password: "Campus#Bazaar9",
    });
  });

  it("returns a student to the page that sent them to sign in, with its query string", async () => {
    const user = userEvent.setup();
    fakeApi((path) => (path === "/api/auth/login" ? { body: { user: STUDENT } } : { body: { user: null } }));
    renderScreen(<LoginPage />, {
      path: "/login",
      at: {
        pathname: "/login",
        state: { from: { pathname: "/buy", search: "?category=books&sort=price-asc", hash: "" } },
      },
    });
    await user.type(screen.getByLabelText("Email address"), "arjun@example.in");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Campus#Bazaar9");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Now at /buy")).toBeVisible();
    expect(screen.getByText("With query ?category=books&sort=price-asc")).toBeVisible();
  });

  it("goes to the dashboard when the page to return to is not a page of this site", async () => {
    const user = userEvent.setup();
    fakeApi((path) => (path === "/api/auth/login" ? { body: { user: STUDENT } } : { body: { user: null } }));
    renderScreen(<LoginPage />, {
      path: "/login",
      at: { pathname: "/login", state: { from: { pathname: "//evil.example/phish", search: "" } } },
    });
    await user.type(screen.getByLabelText("Email address"), "arjun@example.in");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Campus#Bazaar9");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Now at /dashboard")).toBeVisible();
  });

  it("returns the administrator to the admin page asked for once the second step is done", async () => {
    const user = userEvent.setup();
    const admin = { id: "a1", name: "Admin", email: "admin@example.in", role: "admin" };
    const challenge = {
      challenge: "c".repeat(43),
      method: "code",
      expiresAt: "2030-01-01T00:00:00Z",
      setup: null,
    };
    fakeApi((path) => {
      if (path === "/api/auth/login") return { body: { secondFactor: challenge } };
      if (path === "/api/auth/second-factor") return { body: { user: admin, recoveryCodes: null } };
      return { body: { user: null } };
    });
    renderScreen(<LoginPage />, {
      path: "/login",
      at: { pathname: "/login", state: { from: { pathname: "/admin", search: "?tab=tickets", hash: "" } } },
    });
    await user.type(screen.getByLabelText("Email address"), "admin@example.in");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "Admin#Pass2025");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Now at /admin")).toBeVisible();
    expect(screen.getByText("With query ?tab=tickets")).toBeVisible();
  });
});
