import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { ItemGallery } from "./item-gallery";

const IMAGES = ["/api/files/images/a.webp", "/api/files/images/b.webp", "/api/files/images/c.webp"];

it("counts '1 / 3', moves with the arrow keys and the Previous / Next buttons, and shows each photo's thumbnail", async () => {
  const user = userEvent.setup();
  render(<ItemGallery images={IMAGES} name="Desk Lamp" />);
  const counter = screen.getByTestId("gallery-counter");
  expect(counter).toHaveTextContent("1 / 3");
  expect(screen.getByRole("button", { name: "Previous photo" })).toBeDisabled();

  const strip = screen.getByRole("region", { name: /Photo 1 of 3/ });
  strip.focus();
  await user.keyboard("{ArrowRight}");
  expect(counter).toHaveTextContent("2 / 3");
  await user.click(screen.getByRole("button", { name: "Next photo" }));
  expect(counter).toHaveTextContent("3 / 3");
  expect(screen.getByRole("button", { name: "Next photo" })).toBeDisabled();
  strip.focus();
  await user.keyboard("{Home}");
  expect(counter).toHaveTextContent("1 / 3");

  await user.click(screen.getByRole("button", { name: "Show photo 3" }));
  expect(counter).toHaveTextContent("3 / 3");
  expect(screen.getByRole("button", { name: "Show photo 3" })).toHaveAttribute("aria-current", "true");
  // Every photo is there for a screen reader, named with its place.
  expect(screen.getAllByRole("img", { name: /^Desk Lamp, photo \d of 3$/ })).toHaveLength(3);
});
