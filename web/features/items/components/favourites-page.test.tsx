import { onlineManager } from "@tanstack/react-query";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { BUYER_ABILITIES, buildItemSummaryResponse } from "../../../../tests/factories/item-responses";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { FavouritesPage } from "./favourites-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const lamp = buildItemSummaryResponse({ abilities: BUYER_ABILITIES });
const soldKettle = buildItemSummaryResponse({
  id: "item-2",
  productName: "Kettle",
  isActive: false,
  isSold: true,
  abilities: BUYER_ABILITIES,
});

const page = (items: unknown[], total = items.length, pageNumber = 1) => ({
  body: { items, total, page: pageNumber, pageSize: 12, totalPages: Math.max(1, Math.ceil(total / 12)) },
});

it("lists the saved items as cards that open the item; a sold one says so and cannot be contacted", async () => {
  fakeApi(() => page([lamp, soldKettle]));
  renderScreen(<FavouritesPage />, { path: "/favourites" });

  expect(screen.getByRole("heading", { level: 1, name: "Saved items" })).toBeInTheDocument();
  const [lampCard, kettleCard] = await screen.findAllByRole("article");
  expect(screen.getByRole("list", { name: "Saved items" })).toContainElement(lampCard as HTMLElement);
  expect(within(lampCard as HTMLElement).getByRole("link", { name: "See Details" })).toHaveAttribute(
    "href",
    "/item/item-1",
  );
  expect(within(kettleCard as HTMLElement).getByText("Sold")).toBeInTheDocument();
  expect(
    within(kettleCard as HTMLElement).queryByRole("button", { name: "Contact Seller" }),
  ).not.toBeInTheDocument();
  expect(screen.getByText("2 saved items")).toBeInTheDocument();
});

it("says 'No saved items yet' and points to browsing when nothing is saved", async () => {
  fakeApi(() => page([]));
  renderScreen(<FavouritesPage />, { path: "/favourites" });
  expect(await screen.findByRole("heading", { name: "No saved items yet" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Browse Items" })).toHaveAttribute("href", "/buy");
});

it("shows a way to try again when the list cannot be loaded", async () => {
  let fails = true;
  fakeApi(() => (fails ? apiError(503, "unavailable", "Down") : page([lamp])));
  const user = userEvent.setup();
  renderScreen(<FavouritesPage />, { path: "/favourites" });
  expect(await screen.findByRole("alert")).toHaveTextContent("Could not load your saved items");
  fails = false;
  await user.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("list", { name: "Saved items" })).toBeInTheDocument();
});

it("pages through many saved items with the page in the address", async () => {
  const { requests } = fakeApi((path) =>
    path.endsWith("page=2") ? page([soldKettle], 13, 2) : page([lamp], 13, 1),
  );
  const user = userEvent.setup();
  const { router } = renderScreen(<FavouritesPage />, { path: "/favourites" });
  const pager = await screen.findByRole("navigation", { name: "Saved item pages" });
  HTMLElement.prototype.scrollIntoView = vi.fn();
  await user.click(within(pager).getByRole("button", { name: "Page 2" }));
  await screen.findByRole("heading", { name: "Kettle" });
  expect(router.state.location.search).toBe("?page=2");
  expect(requests.map((request) => request.path)).toEqual([
    "/api/me/favourites?page=1",
    "/api/me/favourites?page=2",
  ]);
});

// The loading state: grey cards announced once.
it("announces loading while the first page is on its way", () => {
  fakeApi(() => new Promise(() => {}));
  renderScreen(<FavouritesPage />, { path: "/favourites" });
  expect(screen.getByRole("status")).toHaveTextContent("Loading items");
  expect(screen.getByRole("list", { name: "Saved items" })).toHaveAttribute("aria-busy", "true");
});

it("says 'You're offline' instead of loading when opened offline, and shows the list once back", async () => {
  const api = fakeApi(() => page([lamp]));
  onlineManager.setOnline(false);
  try {
    renderScreen(<FavouritesPage />, { path: "/favourites" });
    expect(await screen.findByText("You're offline")).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole("list", { name: "Saved items" })).toBeInTheDocument();
  } finally {
    onlineManager.setOnline(true);
  }
});
