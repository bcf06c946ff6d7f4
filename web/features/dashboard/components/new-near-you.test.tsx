import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import { buildItemSummaryResponse } from "../../../../tests/factories/item-responses";
import { NewNearYou } from "./new-near-you";

it("lists the listings near a new student, each opening its item with price, name and college", () => {
  render(
    <MemoryRouter>
      <NewNearYou
        items={[
          buildItemSummaryResponse({
            id: "a1",
            productName: "Hero cycle",
            price: 2500,
            sellerCollege: "Maulana Azad National Institute of Technology",
          }),
          buildItemSummaryResponse({ id: "a2", productName: "Desk lamp", price: 300 }),
        ]}
      />
    </MemoryRouter>,
  );
  const list = screen.getByRole("list", { name: "New near you" });
  const cycle = within(list).getByRole("link", { name: /Hero cycle/ });
  expect(cycle).toHaveAttribute("href", "/item/a1");
  expect(cycle).toHaveTextContent("₹2,500");
  expect(cycle).toHaveTextContent("MANIT");
  expect(within(list).getAllByRole("link")).toHaveLength(2);
});

it("shows nothing without listings", () => {
  const { container } = render(
    <MemoryRouter>
      <NewNearYou items={[]} />
    </MemoryRouter>,
  );
  expect(container).toBeEmptyDOMElement();
});
