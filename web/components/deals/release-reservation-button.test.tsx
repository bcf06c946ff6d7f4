import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { buildItemResponse, SELLER_ABILITIES } from "../../../tests/factories/item-responses";
import { apiError, type FakeAnswer, fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { ReleaseReservationButton } from "./release-reservation-button";

afterEach(() => vi.unstubAllGlobals());

const RESERVED = buildItemResponse({
  isReserved: true,
  abilities: { ...SELLER_ABILITIES, canRelease: true },
});

it("asks the server to release the item, and says the server's refusal in its words", async () => {
  const user = userEvent.setup();
  let answer: FakeAnswer = apiError(409, "conflict", "This item is not reserved.");
  const api = fakeApi(() => answer);
  renderScreen(<ReleaseReservationButton item={RESERVED} />);

  await user.click(screen.getByRole("button", { name: "Release Reservation" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("This item is not reserved.");
  expect(api.requests).toEqual([
    expect.objectContaining({ path: "/api/items/item-1/release", method: "POST" }),
  ]);

  answer = { body: { item: { ...RESERVED, isReserved: false } } };
  await user.click(screen.getByRole("button", { name: "Release Reservation" }));
  await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  expect(api.requests.filter((request) => request.path === "/api/items/item-1/release")).toHaveLength(2);
});
