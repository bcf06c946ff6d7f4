import { AUTH_MESSAGES } from "@shared/validation/messages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { VerifyEmailNotice } from "./verify-email-notice";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderNotice(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <VerifyEmailNotice />
    </QueryClientProvider>,
  );
  return fetchMock;
}

it("sends the verification mail again and says so", async () => {
  const fetchMock = renderNotice(async () => Response.json({ ok: true }));
  await userEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
  expect(await screen.findByRole("status")).toHaveTextContent(AUTH_MESSAGES.verificationSent);
  expect(fetchMock).toHaveBeenCalledWith(
    "/api/auth/resend-verification",
    expect.objectContaining({ method: "POST" }),
  );
});

it("gives the server's reason for a refusal, and says so when the connection is lost", async () => {
  renderNotice(async () =>
    Response.json({ error: { code: "rate_limited", message: "Too many requests." } }, { status: 429 }),
  );
  await userEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests.");

  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(() => Promise.reject(new TypeError("offline"))),
  );
  await userEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(
    "You're offline. Try again when you're back online.",
  );
  expect(screen.queryByText("Too many requests.")).toBeNull();
});
