import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, it, vi } from "vitest";
import { Menu } from "./menu";

function renderMenu(onLogout = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Menu
              label="Account menu for Asha"
              trigger="Asha"
              items={[
                { label: "Profile", to: "/profile" },
                { label: "Settings", to: "/settings" },
                { label: "Logout", onSelect: onLogout },
              ]}
            />
            <button type="button">After</button>
          </>
        ),
      },
      { path: "/profile", element: <h1>Profile page</h1> },
      { path: "/settings", element: <h1>Settings page</h1> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return { button: screen.getByRole("button", { name: "Account menu for Asha" }), onLogout };
}

it("opens on Enter at the first item and moves with the arrows, Home and End, wrapping", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  expect(button).toHaveAttribute("aria-expanded", "false");
  button.focus();
  await user.keyboard("{Enter}");
  expect(button).toHaveAttribute("aria-expanded", "true");
  expect(screen.getByRole("menu", { name: "Account menu for Asha" })).toBeInTheDocument();
  expect(screen.getByRole("menuitem", { name: "Profile" })).toHaveFocus();
  await user.keyboard("{ArrowDown}");
  expect(screen.getByRole("menuitem", { name: "Settings" })).toHaveFocus();
  await user.keyboard("{End}");
  expect(screen.getByRole("menuitem", { name: "Logout" })).toHaveFocus();
  await user.keyboard("{ArrowDown}");
  expect(screen.getByRole("menuitem", { name: "Profile" })).toHaveFocus();
  await user.keyboard("{ArrowUp}");
  expect(screen.getByRole("menuitem", { name: "Logout" })).toHaveFocus();
  await user.keyboard("{Home}");
  expect(screen.getByRole("menuitem", { name: "Profile" })).toHaveFocus();
});

it("opens at the last item on ArrowUp", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  button.focus();
  await user.keyboard("{ArrowUp}");
  expect(screen.getByRole("menuitem", { name: "Logout" })).toHaveFocus();
});

it("closes on Escape and gives focus back to the button", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  await user.click(button);
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(button).toHaveFocus();
});

it("closes on Tab", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  button.focus();
  await user.keyboard("{ArrowDown}");
  await user.tab();
  expect(screen.queryByRole("menu")).not.toBeInTheDocument();
});

it("runs an action item on Enter or Space and closes", async () => {
  const user = userEvent.setup();
  const { button, onLogout } = renderMenu();
  button.focus();
  await user.keyboard("{ArrowUp}");
  await user.keyboard(" ");
  expect(onLogout).toHaveBeenCalledOnce();
  expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  await user.keyboard("{ArrowUp}{Enter}");
  expect(onLogout).toHaveBeenCalledTimes(2);
});

it("follows a link item on Enter", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  button.focus();
  await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
  expect(await screen.findByRole("heading", { name: "Settings page" })).toBeInTheDocument();
});

it("follows a link item on Space", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  button.focus();
  await user.keyboard("{ArrowDown} ");
  expect(await screen.findByRole("heading", { name: "Profile page" })).toBeInTheDocument();
});

it("closes on a click outside", async () => {
  const user = userEvent.setup();
  const { button } = renderMenu();
  await user.click(button);
  await user.click(screen.getByRole("button", { name: "After" }));
  expect(screen.queryByRole("menu")).not.toBeInTheDocument();
});

it("reads items given as a function each time it opens: an entry that appears meanwhile is there", async () => {
  const user = userEvent.setup();
  let onInstall: (() => void) | undefined;
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <Menu
            label="Account menu for Asha"
            trigger="Asha"
            items={() => [
              { label: "Profile", to: "/profile" },
              ...(onInstall ? [{ label: "Install app", onSelect: onInstall }] : []),
            ]}
          />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  const button = screen.getByRole("button", { name: "Account menu for Asha" });
  await user.click(button);
  expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Profile"]);
  await user.keyboard("{Escape}");

  const install = vi.fn();
  onInstall = install;
  await user.click(button);
  await user.click(screen.getByRole("menuitem", { name: "Install app" }));
  expect(install).toHaveBeenCalledOnce();
});
