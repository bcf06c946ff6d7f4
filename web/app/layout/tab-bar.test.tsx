import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useFullScreenView, useIsFullScreenView } from "../../lib/full-screen-view";
import { MobileMenu } from "./mobile-menu";
import { TabBar } from "./tab-bar";

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderAt(element: React.ReactNode, at: string) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("the phone's tab bar", () => {
  it("offers the six places in order, Events and the Teammate Finder among them, and moves between them", async () => {
    const user = userEvent.setup();
    renderAt(
      <>
        <TabBar unreadMessages={0} />
        <Where />
      </>,
      "/buy",
    );
    const bar = screen.getByRole("navigation", { name: "Sections" });
    const links = within(bar).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/dashboard",
      "/buy",
      "/sell",
      "/events",
      "/teammates",
      "/messages",
    ]);
    expect(within(bar).getByRole("link", { name: "Browse" })).toHaveAttribute("aria-current", "page");
    expect(within(bar).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

    await user.click(within(bar).getByRole("link", { name: "Sell" }));
    expect(screen.getByText("At /sell")).toBeVisible();
    expect(within(bar).getByRole("link", { name: "Sell" })).toHaveAttribute("aria-current", "page");

    await user.click(within(bar).getByRole("link", { name: "Events" }));
    expect(screen.getByText("At /events")).toBeVisible();
    await user.click(within(bar).getByRole("link", { name: "Teams" }));
    expect(screen.getByText("At /teammates")).toBeVisible();
    expect(within(bar).getByRole("link", { name: "Teams" })).toHaveAttribute("aria-current", "page");
  });

  it("says and shows the unread messages on the Messages tab, and draws nothing at zero", () => {
    renderAt(<TabBar unreadMessages={3} />, "/dashboard");
    const messages = screen.getByRole("link", { name: "Messages, 3 unread" });
    // The visible label stays 'Messages' (label in name); the badge draws the number.
    expect(messages).toHaveTextContent(/^Messages$/);
    expect(messages.querySelector("[data-count]")).toHaveAttribute("data-count", "3");
  });

  it("leaves the profile to the top bar's menu", () => {
    renderAt(<TabBar unreadMessages={0} />, "/profile");
    expect(screen.queryByRole("link", { name: "Profile" })).not.toBeInTheDocument();
  });
});

function Thread() {
  useFullScreenView(true);
  return <p>The thread</p>;
}

function Shell() {
  const isFullScreen = useIsFullScreenView();
  const [isThreadOpen, setIsThreadOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsThreadOpen((open) => !open)}>
        Toggle thread
      </button>
      {isThreadOpen ? <Thread /> : null}
      {isFullScreen ? null : <TabBar unreadMessages={0} />}
    </>
  );
}

describe("a page that takes the whole phone screen", () => {
  it("hides the tab bar while it is shown, and brings it back when it goes", async () => {
    const user = userEvent.setup();
    renderAt(<Shell />, "/messages");
    expect(screen.getByRole("navigation", { name: "Sections" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Toggle thread" }));
    expect(screen.getByText("The thread")).toBeVisible();
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Toggle thread" }));
    expect(screen.getByRole("navigation", { name: "Sections" })).toBeInTheDocument();
  });
});

describe("the phone's menu button", () => {
  it("shows the unread total and says it in its name", async () => {
    const user = userEvent.setup();
    renderAt(
      <MobileMenu userName="Diya Menon" counts={{ notifications: 3, messages: 2 }} onLogout={() => {}} />,
      "/",
    );
    const button = screen.getByRole("button", { name: "Menu, 3 unread" });
    expect(button.querySelector("[data-count]")).toHaveAttribute("data-count", "3");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Messages, 2 unread" })).toBeVisible();
  });
});
