import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import { SellerCard } from "./seller-card";

const seller = { id: "s1", name: "Asha Rao", college: "IIT Bombay", followers: 3 };

function renderCard(flags: { isVerified: boolean; isEmailConfirmed: boolean }) {
  return render(
    <MemoryRouter>
      <SellerCard seller={{ ...seller, ...flags }} />
    </MemoryRouter>,
  );
}

it("says 'Verified Student' for a student verified by the college", () => {
  renderCard({ isVerified: true, isEmailConfirmed: true });
  expect(screen.getByText("Verified Student")).toBeTruthy();
  expect(screen.queryByText("E-mail confirmed")).toBeNull();
});

it("says only 'E-mail confirmed' when the sign-in e-mail is all that was confirmed", () => {
  renderCard({ isVerified: false, isEmailConfirmed: true });
  expect(screen.getByText("E-mail confirmed")).toBeTruthy();
  expect(screen.queryByText("Verified Student")).toBeNull();
});

it("says neither for a student who confirmed nothing", () => {
  renderCard({ isVerified: false, isEmailConfirmed: false });
  expect(screen.queryByText("E-mail confirmed")).toBeNull();
  expect(screen.queryByText("Verified Student")).toBeNull();
});
