import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, it, vi } from "vitest";
import { Dialog } from "./dialog";

function Opener({ onClose = () => {} }: { onClose?: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Edit user
      </button>
      {isOpen ? (
        <Dialog
          title="Edit User"
          description="Changes apply at once."
          onClose={() => {
            onClose();
            setIsOpen(false);
          }}
        >
          <label>
            Name <input />
          </label>
          <button type="button">Save</button>
          <button type="button" onClick={() => setIsOpen(false)}>
            Cancel
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

it("opens as a modal named by its title and described by its description", async () => {
  const user = userEvent.setup();
  render(<Opener />);
  await user.click(screen.getByRole("button", { name: "Edit user" }));
  const dialog = screen.getByRole("dialog", { name: "Edit User" });
  expect(dialog).toHaveAttribute("open");
  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(dialog).toHaveAccessibleDescription("Changes apply at once.");
});

it("keeps Tab and Shift+Tab inside, wrapping at both ends", async () => {
  const user = userEvent.setup();
  render(<Opener />);
  await user.click(screen.getByRole("button", { name: "Edit user" }));
  const name = screen.getByRole("textbox", { name: "Name" });
  const cancel = screen.getByRole("button", { name: "Cancel" });
  cancel.focus();
  await user.tab();
  expect(name).toHaveFocus();
  await user.tab({ shift: true });
  expect(cancel).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole("button", { name: "Save" })).toHaveFocus();
});

it("closes through onClose on Escape and gives focus back to the button that opened it", async () => {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Opener onClose={onClose} />);
  const opener = screen.getByRole("button", { name: "Edit user" });
  await user.click(opener);
  screen.getByRole("textbox", { name: "Name" }).focus();
  await user.keyboard("{Escape}");
  expect(onClose).toHaveBeenCalledOnce();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it("gives focus back to the opener when the parent unmounts it", async () => {
  const user = userEvent.setup();
  render(<Opener />);
  const opener = screen.getByRole("button", { name: "Edit user" });
  await user.click(opener);
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it("closes on a click on the backdrop but not on a click inside", async () => {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Opener onClose={onClose} />);
  await user.click(screen.getByRole("button", { name: "Edit user" }));
  await user.click(screen.getByRole("textbox", { name: "Name" }));
  expect(onClose).not.toHaveBeenCalled();
  // A click on the backdrop lands on the <dialog> element itself, outside its content box.
  await user.click(screen.getByRole("dialog"));
  expect(onClose).toHaveBeenCalledOnce();
});

it("starts with focus on the first control", async () => {
  const user = userEvent.setup();
  render(<Opener />);
  await user.click(screen.getByRole("button", { name: "Edit user" }));
  expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
});

it("closes on Back (Android's or the browser's) through onClose, and the address stays", async () => {
  const user = userEvent.setup();
  const onClose = vi.fn();
  window.history.replaceState(null, "", "/item/1");
  const before = window.history.length;
  render(<Opener onClose={onClose} />);
  await user.click(screen.getByRole("button", { name: "Edit user" }));
  // Its own step in the history, at the same address.
  await waitFor(() => expect(window.history.length).toBe(before + 1));
  window.history.back();
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(window.location.pathname).toBe("/item/1");

  // Closed by its own button, it takes its step away again.
  await user.click(screen.getByRole("button", { name: "Edit user" }));
  await waitFor(() => expect(JSON.stringify(window.history.state)).toContain("backToClose"));
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(window.history.state).toBeNull());
});
