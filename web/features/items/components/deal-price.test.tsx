// The accepted price is the deal's price (issue 37): a card and the item page show ₹650 with
// 'Listed at ₹700' while the item is reserved at that price; otherwise the listed price alone.
import { screen, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import {
  BUYER_ABILITIES,
  buildItemResponse,
  buildItemSummaryResponse,
} from "../../../../tests/factories/item-responses";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { ItemCard } from "./item-card";
import { ItemDetailView } from "./item-detail-view";

afterEach(() => vi.unstubAllGlobals());

const reserved = { price: 700, isReserved: true, reservedPrice: 650, abilities: BUYER_ABILITIES };

it("a reserved card shows the deal's price with 'Listed at' the listed one", async () => {
  fakeApi(() => ({ status: 204 }));
  renderScreen(<ItemCard item={buildItemSummaryResponse(reserved)} view="grid" onContact={vi.fn()} />);
  const card = within(await screen.findByRole("article"));
  expect(card.getByText("₹650")).toBeVisible();
  expect(card.getByText("Listed at ₹700")).toBeVisible();
  expect(card.queryByText("₹700")).toBeNull();
});

it("a card not reserved shows the listed price alone", async () => {
  fakeApi(() => ({ status: 204 }));
  renderScreen(
    <ItemCard
      item={buildItemSummaryResponse({ price: 700, abilities: BUYER_ABILITIES })}
      view="grid"
      onContact={vi.fn()}
    />,
  );
  const card = within(await screen.findByRole("article"));
  expect(card.getByText("₹700")).toBeVisible();
  expect(card.queryByText(/Listed at/)).toBeNull();
});

it("the item page shows the deal's price with 'Listed at' the listed one", async () => {
  fakeApi(() => ({ status: 204 }));
  renderScreen(
    <ItemDetailView
      detail={{
        item: buildItemResponse(reserved),
        seller: {
          id: "seller-1",
          name: "Asha Rao",
          college: "IIT Bombay",
          isVerified: true,
          isEmailConfirmed: true,
          followers: 1,
        },
        isFavourite: false,
      }}
    />,
    { path: "/item/:itemId", at: "/item/item-1" },
  );
  const page = within(await screen.findByRole("article"));
  expect(page.getByText("₹650")).toBeVisible();
  expect(page.getByText("Listed at ₹700")).toBeVisible();
  expect(page.getByText("Reserved")).toBeVisible();
});
