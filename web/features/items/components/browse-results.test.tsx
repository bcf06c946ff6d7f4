import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderBare, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { expect, it, vi } from "vitest";
import { BUYER_ABILITIES, buildItemSummaryResponse } from "../../../../tests/factories/item-responses";
import { BrowseResults } from "./browse-results";

/** The cards' hearts keep their state through TanStack Query. */
function render(ui: React.ReactNode) {
  return renderBare(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

const lamp = buildItemSummaryResponse({
  abilities: BUYER_ABILITIES,
  photoCount: 3,
  showMobileNumber: true,
  sellerMobile: "9876543210",
});
const mine = buildItemSummaryResponse({ id: "item-2", productName: "Kettle", sellerId: "me" });

function renderResults(items = [lamp, mine]) {
  render(
    <MemoryRouter>
      <BrowseResults
        data={{ items, total: items.length, page: 1, pageSize: 12, totalPages: 1, more: null }}
        isError={false}
        isUpdating={false}
        view="grid"
        onRetry={vi.fn()}
        onClearFilters={vi.fn()}
        toolbar={null}
      />
    </MemoryRouter>,
  );
}

it("offers Contact Seller on other students' items and marks the student's own", () => {
  renderResults();
  const [lampCard, myCard] = screen.getAllByRole("article");
  expect(within(lampCard as HTMLElement).getByRole("button", { name: /Contact Seller/ })).toBeInTheDocument();
  expect(
    within(myCard as HTMLElement).queryByRole("button", { name: /Contact Seller/ }),
  ).not.toBeInTheDocument();
  expect(within(myCard as HTMLElement).getByText("Your listing")).toBeInTheDocument();
  expect(within(lampCard as HTMLElement).getByText("₹450")).toBeInTheDocument();
});

it("tells how many photos an item has when it has more than its cover", () => {
  renderResults();
  const [lampCard, myCard] = screen.getAllByRole("article");
  expect(within(lampCard as HTMLElement).getByText(/· 3 photos/)).toBeInTheDocument();
  expect(within(myCard as HTMLElement).queryByText(/photos/)).not.toBeInTheDocument();
});

it("opens Contact Seller as a dialog that says whom and what about, and closes it on Escape", async () => {
  const user = userEvent.setup();
  renderResults();
  const contact = screen.getByRole("button", { name: /Contact Seller/ });
  await user.click(contact);

  // The dialog loads when the button is pressed.
  const dialog = await screen.findByRole("dialog", { name: "Contact Seller" });
  // Read with the title when it opens (happy-dom computes no description across the inline <span>).
  const description = document.getElementById(dialog.getAttribute("aria-describedby") ?? "");
  expect(description).toHaveTextContent("Get in touch with Asha Rao about Desk Lamp.");
  expect(within(dialog).getByRole("link", { name: "Message Seller" })).toHaveAttribute(
    "href",
    "/messages?userId=seller-1&itemId=item-1",
  );
  expect(within(dialog).getByRole("link", { name: "Call 9876543210" })).toHaveAttribute(
    "href",
    "tel:9876543210",
  );
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(contact).toHaveFocus();
});

it("makes each card one link to the item, with Contact Seller also in the card's menu for phones", async () => {
  const user = userEvent.setup();
  renderResults();
  const [lampCard, myCard] = screen.getAllByRole("article") as HTMLElement[];
  const links = within(lampCard as HTMLElement).getAllByRole("link");
  expect(links).toHaveLength(1);
  expect(links[0]).toHaveAccessibleName("See Details");
  expect(links[0]).toHaveAttribute("href", "/item/item-1");
  expect(links[0]).toHaveAccessibleDescription("Desk Lamp");
  // The link's stretched layer covers the card, which it is positioned against.
  expect(links[0]?.className).toContain("after:inset-0");
  expect(lampCard?.className).toContain("relative");

  await user.click(
    within(lampCard as HTMLElement).getByRole("button", { name: "More actions for Desk Lamp" }),
  );
  await user.click(screen.getByRole("menuitem", { name: "Contact Seller" }));
  expect(await screen.findByRole("dialog", { name: "Contact Seller" })).toBeInTheDocument();
  // No menu on one's own card: there is nothing to contact.
  expect(
    within(myCard as HTMLElement).queryByRole("button", { name: /More actions/ }),
  ).not.toBeInTheDocument();
});

function renderEmpty(college: string) {
  const onClearFilters = vi.fn();
  const onShowAllColleges = vi.fn();
  render(
    <MemoryRouter>
      <BrowseResults
        data={{ items: [], total: 0, page: 1, pageSize: 12, totalPages: 1, more: null }}
        isError={false}
        isUpdating={false}
        view="grid"
        onRetry={vi.fn()}
        onClearFilters={onClearFilters}
        college={college}
        onShowAllColleges={onShowAllColleges}
        toolbar={null}
      />
    </MemoryRouter>,
  );
  return { onClearFilters, onShowAllColleges };
}

it("offers 'Show all colleges' when the college filter leaves nothing, beside the spec's Clear Filters", async () => {
  const user = userEvent.setup();
  const { onClearFilters, onShowAllColleges } = renderEmpty("IIT Madras");
  expect(screen.getByRole("heading", { name: "No items found" })).toBeInTheDocument();
  expect(screen.getByText("Try adjusting your search or filters")).toBeInTheDocument();
  expect(screen.getByText("0 item(s) found")).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Show all colleges" }));
  expect(onShowAllColleges).toHaveBeenCalledOnce();
  expect(onClearFilters).not.toHaveBeenCalled();
  await user.click(screen.getByRole("button", { name: "Clear Filters" }));
  expect(onClearFilters).toHaveBeenCalledOnce();
});

it("offers only Clear Filters when no college narrows the list", () => {
  renderEmpty("");
  expect(screen.getByRole("button", { name: "Clear Filters" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Show all colleges" })).not.toBeInTheDocument();
});

it("tells a saved item that lapsed unsold from one that was sold", () => {
  const expired = buildItemSummaryResponse({
    id: "item-3",
    productName: "Desk lamp",
    isActive: false,
    isExpired: true,
  });
  const sold = buildItemSummaryResponse({
    id: "item-4",
    productName: "Kettle",
    isActive: false,
    isSold: true,
  });
  renderResults([expired, sold]);
  const [expiredCard, soldCard] = screen.getAllByRole("article");
  expect(within(expiredCard as HTMLElement).getByText("Expired")).toBeInTheDocument();
  expect(within(expiredCard as HTMLElement).queryByText("Sold")).not.toBeInTheDocument();
  expect(within(soldCard as HTMLElement).getByText("Sold")).toBeInTheDocument();
  expect(within(soldCard as HTMLElement).queryByText("Expired")).not.toBeInTheDocument();
});

it("asks at once for the pictures of the first four cards, and lets the rest wait until they are seen", () => {
  const seen: Element[] = [];
  // Nothing is ever in view: only the first cards may ask for their pictures.
  class UnseenObserver {
    observe(element: Element) {
      seen.push(element);
    }
    disconnect() {}
  }
  vi.stubGlobal("IntersectionObserver", UnseenObserver);
  try {
    const items = Array.from({ length: 6 }, (_, index) =>
      buildItemSummaryResponse({
        id: `item-${index}`,
        productName: `Book ${index}`,
        productImage: `/api/files/images/book-${index}.jpg`,
      }),
    );
    renderResults(items);
    const sources = screen
      .getAllByRole("article")
      .map((card) => card.querySelector("img")?.getAttribute("src"));
    expect(sources).toEqual([
      "/api/files/images/book-0.jpg?variant=thumb",
      "/api/files/images/book-1.jpg?variant=thumb",
      "/api/files/images/book-2.jpg?variant=thumb",
      "/api/files/images/book-3.jpg?variant=thumb",
      undefined,
      undefined,
    ]);
    expect(seen).toHaveLength(2);
  } finally {
    vi.unstubAllGlobals();
  }
});

it("goes on under an empty college with 'More in {city}', then 'Across India', and offers the city first", async () => {
  const user = userEvent.setup();
  const onShowCity = vi.fn();
  const nearby = buildItemSummaryResponse({
    id: "near-1",
    productName: "Hero cycle",
    abilities: BUYER_ABILITIES,
  });
  const far = buildItemSummaryResponse({
    id: "far-1",
    productName: "Mini drafter",
    abilities: BUYER_ABILITIES,
  });
  render(
    <MemoryRouter>
      <BrowseResults
        data={{
          items: [],
          total: 0,
          page: 1,
          pageSize: 12,
          totalPages: 1,
          more: { city: "Bhopal", nearby: [nearby], india: [far] },
        }}
        isError={false}
        isUpdating={false}
        view="grid"
        onRetry={vi.fn()}
        onClearFilters={vi.fn()}
        college="Indian Institute of Forest Management"
        onShowAllColleges={vi.fn()}
        onShowCity={onShowCity}
        toolbar={null}
      />
    </MemoryRouter>,
  );
  // The count is the student's own filter's.
  expect(screen.getByText("0 item(s) found")).toBeInTheDocument();
  const buttons = screen.getAllByRole("button").map((button) => button.textContent);
  expect(buttons.indexOf("See listings in Bhopal")).toBeLessThan(buttons.indexOf("Show all colleges"));
  await user.click(screen.getByRole("button", { name: "See listings in Bhopal" }));
  expect(onShowCity).toHaveBeenCalledWith("Bhopal");

  const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
  expect(headings.indexOf("More in Bhopal")).toBeLessThan(headings.indexOf("Across India"));
  expect(
    within(screen.getByRole("list", { name: "More in Bhopal" })).getByText("Hero cycle"),
  ).toBeInTheDocument();
  expect(
    within(screen.getByRole("list", { name: "Across India" })).getByText("Mini drafter"),
  ).toBeInTheDocument();
});

it("toggles the favourite from the card's heart, and shows the college's short name", async () => {
  const user = userEvent.setup();
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      return new Response(null, { status: 204 });
    }),
  );
  try {
    renderResults([
      { ...lamp, sellerCollege: "Indian Institute of Forest Management", isFavourite: false },
      mine,
    ]);
    const [lampCard, myCard] = screen.getAllByRole("article") as HTMLElement[];
    expect(within(lampCard as HTMLElement).getByText("IIFM")).toBeInTheDocument();
    const heart = within(lampCard as HTMLElement).getByRole("button", {
      name: "Save Desk Lamp to favourites",
    });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    await user.click(heart);
    expect(heart).toHaveAttribute("aria-pressed", "true");
    expect(calls).toContain("PUT /api/items/item-1/favourite");
    await user.click(heart);
    expect(heart).toHaveAttribute("aria-pressed", "false");
    expect(calls).toContain("DELETE /api/items/item-1/favourite");
    // One's own item has no heart.
    expect(
      within(myCard as HTMLElement).queryByRole("button", { name: /favourites/ }),
    ).not.toBeInTheDocument();
  } finally {
    vi.unstubAllGlobals();
  }
});
