import { screen } from "@testing-library/react";
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
  // The college box reads the directory.
  fakeApi(() => ({ body: { cities: {} } }));
  renderScreen(<BrowseToolbar filters={{ ...DEFAULTS, ...filters }} onChange={onChange} searchKey={0} />);
  return { onChange };
}

it("folds the category and college filters behind a Filters button that opens and closes them", async () => {
  const user = userEvent.setup();
  renderToolbar();
  const filters = screen.getByRole("button", { name: "Filters" });
  expect(filters).toHaveAttribute("aria-expanded", "false");
  const panel = document.getElementById(filters.getAttribute("aria-controls") ?? "");
  expect(panel).toContainElement(screen.getByRole("combobox", { name: "Category" }));
  expect(panel).toContainElement(screen.getByRole("combobox", { name: "Filter by college" }));
  // Hidden on phones while folded; out from 768 px whatever the button says.
  expect(panel?.className).toBe("hidden md:contents");

  await user.click(filters);
  expect(filters).toHaveAttribute("aria-expanded", "true");
  expect(panel?.className).toBe("contents");
  await user.click(filters);
  expect(filters).toHaveAttribute("aria-expanded", "false");
});

it("keeps the search box and the sort outside the fold, one tap away", async () => {
  const user = userEvent.setup();
  const { onChange } = renderToolbar();
  const panel = document.getElementById(
    screen.getByRole("button", { name: "Filters" }).getAttribute("aria-controls") ?? "",
  );
  const sort = screen.getByRole("combobox", { name: "Sort by" });
  expect(panel).not.toContainElement(sort);
  expect(panel).not.toContainElement(screen.getByRole("searchbox", { name: "Search items" }));
  await user.selectOptions(sort, "price-low");
  expect(onChange).toHaveBeenCalledWith({ sort: "price-low" });
});

it("counts the active filters on the button: a category and a college", () => {
  renderToolbar({ category: "books", college: "IIT Madras", search: "lamp", sort: "oldest" });
  expect(screen.getByRole("button", { name: "Filters 2 active" })).toBeInTheDocument();
});

it("counts one for the college a student starts with", () => {
  renderToolbar({ college: "IIT Madras" });
  expect(screen.getByRole("button", { name: "Filters 1 active" })).toBeInTheDocument();
});
