import { PICKUP_TEXTS } from "@shared/pickup-constants";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { buildItemResponse } from "../../../tests/factories/item-responses";
import { apiError, type FakeAnswer, fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { ConfirmHandoverDialog } from "./confirm-handover-dialog";

afterEach(() => vi.unstubAllGlobals());

const LOCKED = "Too many wrong codes. Confirm handover is locked until 4:35 pm; try again then.";

it("asks for the 4-digit code, says the server's refusals in its words, and closes once sold", async () => {
  const user = userEvent.setup();
  let answer: FakeAnswer = apiError(400, "invalid_input", PICKUP_TEXTS.wrongCode(4));
  const api = fakeApi(() => answer);
  const onConfirmed = vi.fn();
  const onClose = vi.fn();
  renderScreen(
    <ConfirmHandoverDialog
      itemId="item-1"
      buyerName="Ira Banerjee"
      onConfirmed={onConfirmed}
      onClose={onClose}
    />,
  );

  const dialog = screen.getByRole("dialog", { name: PICKUP_TEXTS.confirmHandover });
  expect(dialog).toHaveAccessibleDescription(PICKUP_TEXTS.dialogHelp);
  const input = screen.getByLabelText("Pickup code from Ira Banerjee");
  expect(input).toHaveFocus();

  // Not four digits: said at once, nothing sent.
  await user.type(input, "12");
  await user.click(screen.getByRole("button", { name: PICKUP_TEXTS.confirmHandover }));
  expect(screen.getByText(PICKUP_TEXTS.codeFormat)).toBeInTheDocument();
  expect(input).toHaveAttribute("aria-invalid", "true");
  expect(api.requests).toEqual([]);

  await user.clear(input);
  await user.type(input, "12 34");
  await user.click(screen.getByRole("button", { name: PICKUP_TEXTS.confirmHandover }));
  expect(await screen.findByRole("alert")).toHaveTextContent(PICKUP_TEXTS.wrongCode(4));

  answer = apiError(429, "rate_limited", LOCKED);
  await user.click(screen.getByRole("button", { name: PICKUP_TEXTS.confirmHandover }));
  expect(await screen.findByText(LOCKED)).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();

  answer = { body: { item: buildItemResponse({ isActive: false, isSold: true }) } };
  await user.click(screen.getByRole("button", { name: PICKUP_TEXTS.confirmHandover }));
  await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(onConfirmed).toHaveBeenCalledTimes(1);
  expect(api.requests.map((request) => [request.method, request.path, request.body])).toEqual([
    ["POST", "/api/items/item-1/handover", { code: "1234" }],
    ["POST", "/api/items/item-1/handover", { code: "1234" }],
    ["POST", "/api/items/item-1/handover", { code: "1234" }],
  ]);
});
