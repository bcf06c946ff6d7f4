import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/helpers/render-screen";
import { postedItemState } from "../item-live";
import { ItemLiveNotice } from "./item-live-notice";

const ITEM = { id: "5b0c0d1e-2f3a-4b5c-8d6e-7f8091a2b3c4", productName: "Casio fx-991EX", price: 650 };

describe("Your item is live!", () => {
  it("shows after posting with View listing, a WhatsApp share of the public address and Sell another, once", async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<ItemLiveNotice />, {
      path: "/buy",
      at: { pathname: "/buy", state: postedItemState(ITEM) },
    });

    const dialog = await screen.findByRole("dialog", { name: "Your item is live!" });
    expect(dialog).toHaveAccessibleDescription(/Casio fx-991EX \(₹650\)/);
    expect(screen.getByRole("link", { name: "View listing" })).toHaveAttribute("href", `/item/${ITEM.id}`);
    const share = screen.getByRole("link", { name: "Share on WhatsApp" });
    expect(share).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(`Casio fx-991EX · ₹650 ${window.location.origin}/item/${ITEM.id}`)}`,
    );
    expect(share).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "Sell another" })).toHaveAttribute("href", "/sell");
    // The history entry no longer carries it: a reload or Back to /buy does not show it again.
    expect(router.state.location.state).toBeNull();

    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows nothing on an ordinary visit to Browse", async () => {
    renderScreen(<ItemLiveNotice />, { path: "/buy", at: { pathname: "/buy", state: { other: 1 } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
