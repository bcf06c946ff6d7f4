import type { SecondFactorChallenge } from "@shared/api/auth";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { SecondFactorStep } from "./second-factor-step";

afterEach(() => vi.unstubAllGlobals());

const CHALLENGE: SecondFactorChallenge = {
  challenge: "c".repeat(43),
  method: "code",
  expiresAt: "2026-11-24T08:00:00.000Z",
  setup: null,
};

function renderStep(answer: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(answer);
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  renderScreen(<SecondFactorStep challenge={CHALLENGE} onSignedIn={onSignedIn} onRestart={onRestart} />);
  return { api, onSignedIn, onRestart };
}

describe("the administrator's second step", () => {
  it("asks for six digits before sending, then sends the code", async () => {
    const user = userEvent.setup();
    const { api, onSignedIn } = renderStep(() => ({ body: { user: { id: "admin" }, recoveryCodes: null } }));
    const field = screen.getByLabelText("Authentication code");
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, "123");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Enter the 6-digit code from your authenticator app\./),
    );
    expect(api.requests).toEqual([]);

    await user.type(field, "456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.requests[0]?.body).toEqual({ challenge: CHALLENGE.challenge, code: "123456" });
  });

  it("empties and focuses the field after a wrong code and says so in an alert", async () => {
    const user = userEvent.setup();
    renderStep(() => apiError(401, "invalid_code", "Incorrect code. Please try again."));
    const field = screen.getByLabelText("Authentication code");
    await user.type(field, "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect code. Please try again.");
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("sends the person back to the password when the challenge has expired", async () => {
    const user = userEvent.setup();
    const { onRestart } = renderStep(() =>
      apiError(401, "sign_in_expired", "Your sign-in has expired. Please sign in again."),
    );
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(onRestart).toHaveBeenCalledWith("Your sign-in has expired. Please sign in again."),
    );
  });

  it("takes a recovery code instead, in a fresh field", async () => {
    const user = userEvent.setup();
    const { api } = renderStep(() => ({ body: { user: { id: "admin" }, recoveryCodes: null } }));
    await user.type(screen.getByLabelText("Authentication code"), "12");
    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    const field = screen.getByLabelText("Recovery code");
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(field).toHaveAccessibleDescription(/or one of your recovery codes/);
    await user.type(field, "abcd-efgh");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(api.requests[0]?.body).toEqual({ challenge: CHALLENGE.challenge, code: "abcd-efgh" }),
    );
  });
});
