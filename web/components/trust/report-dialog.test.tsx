import { REPORT_TEXTS } from "@shared/reports-constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../../tests/helpers/render-screen";
import { ReportButton } from "./report-button";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButton(type: "listing" | "user" | "message" = "listing") {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReportButton target={{ type, id: "7b0d7a3e-4a43-4e37-9f55-1f7a1b8f6a11" }} />
    </QueryClientProvider>,
  );
}

it("opens 'Report this listing' with the six reasons, optional details and 'Send Report'", async () => {
  renderButton("listing");
  await userEvent.click(screen.getByRole("button", { name: "Report" }));
  const dialog = await screen.findByRole("dialog", { name: "Report this listing" });
  expect(dialog).toBeInTheDocument();
  expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual([
    "Scam or fraud",
    "Prohibited item",
    "Harassment or hate",
    "Fake profile",
    "Spam",
    "Something else",
  ]);
  expect(screen.getByLabelText("Details")).toHaveAttribute("maxlength", "500");
  expect(screen.getByRole("button", { name: "Send Report" })).toBeInTheDocument();
});

it.each([
  ["user", "Report this user"],
  ["message", "Report this message"],
] as const)("names a %s report 'Report this %s'", async (type, title) => {
  renderButton(type);
  await userEvent.click(screen.getByRole("button", { name: "Report" }));
  expect(await screen.findByRole("dialog", { name: title })).toBeInTheDocument();
});

it("asks for a reason before sending anything", async () => {
  const { requests } = fakeApi(() => ({ status: 201, body: {} }));
  renderButton();
  await userEvent.click(screen.getByRole("button", { name: "Report" }));
  await userEvent.click(await screen.findByRole("button", { name: "Send Report" }));
  expect(await screen.findByText(REPORT_TEXTS.reasonRequired)).toBeInTheDocument();
  expect(requests).toEqual([]);
});

it("sends the reason and details, then thanks the reporter", async () => {
  const { requests } = fakeApi(() => ({
    status: 201,
    body: { report: { id: "r1", createdAt: "2026-11-24T10:00:00.000Z" }, message: REPORT_TEXTS.sent },
  }));
  renderButton("listing");
  await userEvent.click(screen.getByRole("button", { name: "Report" }));
  await userEvent.click(await screen.findByRole("radio", { name: "Scam or fraud" }));
  await userEvent.type(screen.getByLabelText("Details"), "Asks for an advance on UPI");
  await userEvent.click(screen.getByRole("button", { name: "Send Report" }));

  expect(await screen.findByText("Thanks. Our team will review this.")).toBeInTheDocument();
  expect(requests).toEqual([
    {
      path: "/api/reports",
      method: "POST",
      body: {
        targetType: "listing",
        targetId: "7b0d7a3e-4a43-4e37-9f55-1f7a1b8f6a11",
        reason: "Scam or fraud",
        details: "Asks for an advance on UPI",
      },
    },
  ]);
  await userEvent.click(screen.getByRole("button", { name: "Close" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(screen.getByRole("button", { name: "Report" })).toHaveFocus();
});

it("shows the server's refusal of a second report and stays open", async () => {
  fakeApi(() => apiError(409, "conflict", REPORT_TEXTS.duplicate));
  renderButton("user");
  await userEvent.click(screen.getByRole("button", { name: "Report" }));
  await userEvent.click(await screen.findByRole("radio", { name: "Fake profile" }));
  await userEvent.click(screen.getByRole("button", { name: "Send Report" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("You have already reported this.");
  expect(screen.getByRole("dialog", { name: "Report this user" })).toBeInTheDocument();
});
