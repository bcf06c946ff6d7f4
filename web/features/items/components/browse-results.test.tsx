import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { expect, it, vi } from "vitest";
import { BUYER_ABILITIES, buildItemResponse } from "../../../../tests/factories/item-responses";
import { BrowseResults } from "./browse-results";

const lamp = buildItemResponse({
  abilities: BUYER_ABILITIES,
  showMobileNumber: true,
  sellerMobile: "9876543210",
});
const mine = buildItemResponse({ id: "item-2", productName: "Kettle", sellerId: "me" });

function renderResults() {
  render(
    <MemoryRouter>
      <BrowseResults
        data={{ items: [lamp, mine], total: 2, page: 1, pageSize: 12, totalPages: 1 }}
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
