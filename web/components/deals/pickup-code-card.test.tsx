import { PICKUP_TEXTS } from "@shared/pickup-constants";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { apiError, type FakeAnswer, fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { PickupCodeCard } from "./pickup-code-card";

afterEach(() => vi.unstubAllGlobals());

it("shows the reserved buyer's code with what to do with it, read digit by digit", async () => {
  const api = fakeApi(() => ({ body: { pickup: { itemId: "item-1", code: "0427" } } }));
  renderScreen(<PickupCodeCard itemId="item-1" />);

  const card = await screen.findByRole("region", { name: PICKUP_TEXTS.cardTitle });
  expect(card).toHaveTextContent(PICKUP_TEXTS.cardHelp);
  expect(await screen.findByText("0427")).toBeInTheDocument();
  // A screen reader reads '0 4 2 7', not 'four hundred twenty-seven'.
  expect(screen.getByText("0 4 2 7")).toHaveClass("sr-only");
  expect(api.requests).toEqual([
    expect.objectContaining({ path: "/api/items/item-1/pickup-code", method: "GET" }),
  ]);
});

it("says when the code could not be loaded, and tries again on asking", async () => {
  const user = userEvent.setup();
  let answer: FakeAnswer = apiError(503, "unavailable", "Service unavailable");
  fakeApi(() => answer);
  renderScreen(<PickupCodeCard itemId="item-1" />);

  expect(await screen.findByRole("alert")).toHaveTextContent(PICKUP_TEXTS.loadFailed);
  expect(screen.queryByText(/^\d{4}$/)).toBeNull();
  answer = { body: { pickup: { itemId: "item-1", code: "9183" } } };
  await user.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByText("9183")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).toBeNull();
});
