import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ForgotPasswordPage } from "./forgot-password-page";
import { ResetPasswordPage } from "./reset-password-page";

afterEach(() => vi.unstubAllGlobals());

describe("forgot password", () => {
  it("asks for a well-formed address, then says a link is on its way", async () => {
    const user = userEvent.setup();
    const api = fakeApi(() => ({ body: { ok: true } }));
    renderScreen(<ForgotPasswordPage />);
    const email = screen.getByLabelText("Email address");

    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    // The form's checks load with its first use.
    await waitFor(() => expect(email).toHaveAccessibleDescription("Email is required"));
    expect(email).toHaveFocus();
    await user.type(email, "priya@");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("Please enter a valid email address."));

    await user.type(email, "example.in ");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(
      await screen.findByText("If an account exists for that address, a reset link is on its way."),
    ).toBeVisible();
    expect(api.requests[0]?.body).toEqual({ email: "priya@example.in" });
  });
});

describe("reset password", () => {
  it("checks the strength and the confirmation, then sends the token with the new password", async () => {
    const user = userEvent.setup();
    const api = fakeApi(() => ({ body: { ok: true } }));
    renderScreen(<ResetPasswordPage />, { path: "/reset-password", at: "/reset-password?token=tok-1" });
    const password = screen.getByLabelText("New Password", { selector: "input" });
    const confirm = screen.getByLabelText("Confirm Password", { selector: "input" });

    await user.type(password, "abc");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    // The form's checks load with its first use.
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/Password does not meet security requirements/),
    );
    expect(password).toHaveFocus();

    await user.clear(password);
    await user.type(password, "Fresh#Start42");
    await user.type(confirm, "Fresh#Start4");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(confirm).toHaveAccessibleDescription("Passwords don't match"));
    expect(api.requests).toEqual([]);

    await user.type(confirm, "2");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(
      await screen.findByText("Your password has been reset. Please sign in with the new password."),
    ).toBeVisible();
    expect(api.requests[0]?.body).toEqual({ token: "tok-1", password: "Fresh#Start42" });
  });

  it("shows the server's refusal of a spent link", async () => {
    const user = userEvent.setup();
    fakeApi(() =>
      apiError(400, "invalid_token", "This link is invalid or has expired. Please ask for a new one."),
    );
    renderScreen(<ResetPasswordPage />, { path: "/reset-password", at: "/reset-password?token=old" });
    await user.type(screen.getByLabelText("New Password", { selector: "input" }), "Fresh#Start42");
    await user.type(screen.getByLabelText("Confirm Password", { selector: "input" }), "Fresh#Start42");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link is invalid or has expired. Please ask for a new one.",
    );
  });
});
