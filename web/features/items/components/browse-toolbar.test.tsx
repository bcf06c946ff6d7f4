import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import type { BrowseFilters } from "../api/get-items";
import { BrowseToolbar } from "./browse-toolbar";

const DEFAULTS: BrowseFilters = {
  search: "",
  category: "all",
  college: "",
  city: "",
  minPrice: 0,
  maxPrice: 0,
  condition: "",
  sort: "newest",
  page: 1,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

// happy-dom does not know the <search> landmark the search box sits in (browsers do): React's
// warning about that element is the test DOM's gap, not this screen's; any other error still fails.
beforeEach(() => {
  const collect = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
    collect?.(...args);
  });
});

function renderToolbar(filters: Partial<BrowseFilters> = {}) {
  const onChange = vi.fn();
  // The college and city sheets read the directory.
  fakeApi(() => ({
    body: {
      cities: [
        { city: "Bhopal", colleges: [{ id: "1", name: "Barkatullah University" }] },
        { city: "Mumbai", colleges: [{ id: "2", name: "IIT Bombay" }] },
      ],
    },
  }));
  renderScreen(
    <BrowseToolbar
      filters={{ ...DEFAULTS, ...filters }}
      onChange={onChange}
      searchKey={0}
      saveSearchHref="/saved-searches?save=1"
    />,
  );
  return { onChange };
}

it("puts the filters in one row of chips under the search box, with the sort", async () => {
  const user = userEvent.setup();
  const { onChange } = renderToolbar();
  const row = screen.getByRole("group", { name: "Filters" });
  for (const name of ["Category", "Price", "Condition", "City", "College", "Hide reserved"]) {
    expect(within(row).getByRole("button", { name: new RegExp(`^${name}`) })).toBeInTheDocument();
  }
  expect(screen.getByRole("searchbox", { name: "Search items" })).toBeInTheDocument();
  await user.selectOptions(within(row).getByRole("combobox", { name: "Sort by" }), "price-low");
  expect(onChange).toHaveBeenCalledWith({ sort: "price-low" });
});

it("while a search is typed, the sort says 'Best match' and offers the spec's four beside it", async () => {
  const user = userEvent.setup();
  const { onChange } = renderToolbar({ search: "calculator", sort: "best-match" });
  const sort = screen.getByRole("combobox", { name: "Sort by" });
  expect(sort).toHaveValue("best-match");
  expect(
    within(sort)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual(["Best match", "Newest First", "Oldest First", "Price: Low to High", "Price: High to Low"]);
  await user.selectOptions(sort, "newest");
  expect(onChange).toHaveBeenCalledWith({ sort: "newest" });
});

it("without a search there is no 'Best match' to choose", () => {
  renderToolbar();
  const sort = screen.getByRole("combobox", { name: "Sort by" });
  expect(sort).toHaveValue("newest");
  expect(within(sort).queryByRole("option", { name: "Best match" })).toBeNull();
});

it("keeps Save Search, Saved searches and Sell an Item in a menu beside the search", async () => {
  const user = userEvent.setup();
  renderToolbar();
  await user.click(screen.getByRole("button", { name: "More browse actions" }));
  expect(screen.getByRole("menuitem", { name: "Save Search" })).toHaveAttribute(
    "href",
    "/saved-searches?save=1",
  );
  expect(screen.getByRole("menuitem", { name: "Saved searches" })).toHaveAttribute("href", "/saved-searches");
  expect(screen.getByRole("menuitem", { name: "Sell an Item" })).toHaveAttribute("href", "/sell");
});

it("opens the Price sheet, refuses a minimum above the maximum, and applies rupees", async () => {
  const user = userEvent.setup();
  const { onChange } = renderToolbar();
  await user.click(screen.getByRole("button", { name: "Price" }));
  const sheet = await screen.findByRole("dialog", { name: "Price" });
  await user.type(within(sheet).getByRole("textbox", { name: "Min (₹)" }), "900");
  await user.type(within(sheet).getByRole("textbox", { name: "Max (₹)" }), "300");
  await user.click(within(sheet).getByRole("button", { name: "Apply" }));
  expect(within(sheet).getByRole("alert")).toHaveTextContent(
    "The minimum price cannot be more than the maximum price.",
  );
  expect(onChange).not.toHaveBeenCalled();
  await user.clear(within(sheet).getByRole("textbox", { name: "Min (₹)" }));
  await user.type(within(sheet).getByRole("textbox", { name: "Min (₹)" }), "100");
  await user.click(within(sheet).getByRole("button", { name: "Apply" }));
  expect(onChange).toHaveBeenCalledWith({ minPrice: 100, maxPrice: 300 });
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

it("shows a chosen value on its chip", () => {
  renderToolbar({ minPrice: 100, maxPrice: 300, condition: "like new", city: "Bhopal", category: "books" });
  expect(screen.getByRole("button", { name: "Price: ₹100–₹300" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Condition: Like New" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "City: Bhopal" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Category: Books" })).toBeInTheDocument();
});

it("picks a city from the directory, which clears the college; and a condition", async () => {
  const user = userEvent.setup();
  const { onChange } = renderToolbar({ college: "IIT Bombay" });
  await user.click(screen.getByRole("button", { name: "City" }));
  const sheet = await screen.findByRole("dialog", { name: "City" });
  const select = within(sheet).getByRole("combobox", { name: "City" });
  await within(sheet).findByRole("option", { name: "Bhopal" });
  await user.selectOptions(select, "Bhopal");
  expect(onChange).toHaveBeenCalledWith({ city: "Bhopal", college: "" });

  await user.click(screen.getByRole("button", { name: "Condition" }));
  await user.click(
    within(await screen.findByRole("dialog", { name: "Condition" })).getByRole("radio", { name: "Used" }),
  );
  expect(onChange).toHaveBeenLastCalledWith({ condition: "used" });
});

it("toggles Hide reserved from its chip", async () => {
  const user = userEvent.setup();
  const { onChange } = renderToolbar();
  const chip = screen.getByRole("button", { name: "Hide reserved" });
  expect(chip).toHaveAttribute("aria-pressed", "false");
  await user.click(chip);
  expect(onChange).toHaveBeenCalledWith({ hideReserved: true });
});
