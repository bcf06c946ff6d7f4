import type { ItemAbilities, ItemDetailResponse } from "@shared/api/items";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import {
  BUYER_ABILITIES,
  buildItemResponse,
  SELLER_ABILITIES,
  SOLD_SELLER_ABILITIES,
} from "../../../../tests/factories/item-responses";
import { ItemDetailView } from "./item-detail-view";

function buildDetail(abilities: ItemAbilities): ItemDetailResponse {
  return {
    item: buildItemResponse({ price: 125000, createdAt: "2026-11-20T20:00:00.000Z", abilities }),
    seller: {
      id: "seller-1",
      name: "Asha Rao",
      college: "IIT Bombay",
      isVerified: true,
      isEmailConfirmed: true,
      followers: 1,
    },
    isFavourite: false,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;

function renderDetail(detail: ItemDetailResponse) {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/item/item-1"]}>
        <Routes>
          <Route path="/item/:itemId" element={<ItemDetailView detail={detail} />} />
          <Route path="/buy" element={<h1>Browse Items</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page itself; the phone's sticky bar (shown below 768 px by CSS) is apart from it. */
const page = () => within(screen.getByRole("article"));
const actionBar = () => within(screen.getByRole("region", { name: "Item actions" }));

it("shows the price in rupees and the date on the campus calendar", () => {
  renderDetail(buildDetail(BUYER_ABILITIES));
  expect(page().getByText("₹1,25,000")).toBeInTheDocument();
  // 20:00 UTC is already the next day in India.
  expect(page().getByText("21 Nov 2026")).toBeInTheDocument();
});

it("offers a buyer the favourite and the way to the seller, and no seller controls", () => {
  renderDetail(buildDetail(BUYER_ABILITIES));
  expect(page().getByRole("button", { name: "Add to favourites" })).toBeInTheDocument();
  expect(page().getByRole("button", { name: "Contact Seller" })).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Manage your listing" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
});

it("offers the seller what the server allows, and deleting after the confirmation goes back to browsing", async () => {
  const user = userEvent.setup();
  renderDetail(buildDetail(SELLER_ABILITIES));
  expect(screen.queryByRole("button", { name: "Add to favourites" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Contact Seller" })).not.toBeInTheDocument();
  // The seller's controls load on demand.
  expect(await page().findByRole("link", { name: "Edit" })).toHaveAttribute("href", "/sell?edit=item-1");
  expect(page().getByRole("button", { name: "Mark as Sold" })).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Delete" }));
  const dialog = screen.getByRole("dialog");
  expect(dialog).toHaveAccessibleDescription(SELL_MESSAGES.deleteConfirm);
  await user.click(within(dialog).getByRole("button", { name: "Delete" }));

  await screen.findByRole("heading", { name: "Browse Items" });
  expect(fetchMock).toHaveBeenCalledWith("/api/items/item-1", expect.objectContaining({ method: "DELETE" }));
});

it("leaves a sold item to its seller to delete only", async () => {
  renderDetail(buildDetail(SOLD_SELLER_ABILITIES));
  expect(await screen.findByRole("button", { name: "Delete" })).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Mark as Sold" })).not.toBeInTheDocument();
});

it("keeps the price, Contact Seller and the favourite in the phone's bar, which opens the chat", async () => {
  const user = userEvent.setup();
  renderDetail(buildDetail(BUYER_ABILITIES));
  const bar = actionBar();
  expect(bar.getByText("₹1,25,000")).toBeInTheDocument();
  expect(bar.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();

  await user.click(bar.getByRole("button", { name: "Add to favourites" }));
  expect(fetchMock).toHaveBeenCalledWith(
    "/api/items/item-1/favourite",
    expect.objectContaining({ method: "PUT" }),
  );
  fetchMock.mockImplementation(async () => new Response(null, { status: 500 }));
  await user.click(bar.getByRole("button", { name: "Contact Seller" }));
  expect(fetchMock).toHaveBeenCalledWith("/api/chats", expect.objectContaining({ method: "POST" }));
  expect(await bar.findByRole("alert")).toBeInTheDocument();
});

it("gives the seller Edit and Mark as Sold in the bar, and leaves Delete to the page", () => {
  renderDetail(buildDetail(SELLER_ABILITIES));
  const bar = actionBar();
  expect(bar.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/sell?edit=item-1");
  expect(bar.getByRole("button", { name: "Mark as Sold" })).toBeInTheDocument();
  expect(bar.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  expect(bar.queryByRole("button", { name: "Contact Seller" })).not.toBeInTheDocument();
  expect(bar.queryByRole("button", { name: "Add to favourites" })).not.toBeInTheDocument();
});

it("offline, the heart, Contact Seller and Make Offer say so beside them in the phone's bar and send nothing", async () => {
  const user = userEvent.setup();
  renderDetail(buildDetail(BUYER_ABILITIES));
  act(() => onlineManager.setOnline(false));
  try {
    await user.click(actionBar().getByRole("button", { name: "Add to favourites" }));
    expect(actionBar().getByRole("alert")).toHaveTextContent(
      "You're offline. Try again when you're back online.",
    );
    // The heart did not flip.
    expect(actionBar().getByRole("button", { name: "Add to favourites" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    // Said once in the bar, whichever of its buttons was tried.
    await user.click(actionBar().getByRole("button", { name: "Make Offer" }));
    expect(actionBar().getAllByRole("alert")).toHaveLength(1);

    // On a wider screen, beside the heart and beside Contact Seller.
    await user.click(page().getByRole("button", { name: "Contact Seller" }));
    const refusals = page().getAllByRole("alert");
    expect(refusals).toHaveLength(2);
    for (const refusal of refusals) {
      expect(refusal).toHaveTextContent("You're offline. Try again when you're back online.");
    }
    expect(fetchMock).not.toHaveBeenCalled();
  } finally {
    act(() => onlineManager.setOnline(true));
  }
  expect(screen.queryByRole("alert")).toBeNull();
});
