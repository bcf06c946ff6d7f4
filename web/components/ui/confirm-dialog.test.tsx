import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { useConfirm } from "./confirm-dialog";

const MESSAGE = "Mark this item as sold? This will hide it from marketplace.";

function MarkSold({ onAnswer }: { onAnswer: (isConfirmed: boolean) => void }) {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={async () => onAnswer(await confirm({ message: MESSAGE, confirmLabel: "Mark as Sold" }))}
      >
        Mark Sold
      </button>
      {confirmDialog}
    </>
  );
}

it("asks in a modal dialog showing exactly the message, with Cancel focused", async () => {
  const user = userEvent.setup();
  render(<MarkSold onAnswer={() => {}} />);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Mark Sold" }));
  const dialog = screen.getByRole("dialog");
  expect(dialog).toHaveAccessibleDescription(MESSAGE);
  expect(screen.getByText(MESSAGE)).toBeVisible();
  expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
});

it("resolves true when the person confirms, and closes", async () => {
  const user = userEvent.setup();
  const onAnswer = vi.fn();
  render(<MarkSold onAnswer={onAnswer} />);
  await user.click(screen.getByRole("button", { name: "Mark Sold" }));
  await user.click(screen.getByRole("button", { name: "Mark as Sold" }));
  expect(onAnswer).toHaveBeenCalledWith(true);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

it("resolves false on Cancel by keyboard and gives focus back", async () => {
  const user = userEvent.setup();
  const onAnswer = vi.fn();
  render(<MarkSold onAnswer={onAnswer} />);
  await user.click(screen.getByRole("button", { name: "Mark Sold" }));
  await user.keyboard("{Enter}");
  expect(onAnswer).toHaveBeenCalledWith(false);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Mark Sold" })).toHaveFocus();
});

it("resolves false on Escape", async () => {
  const user = userEvent.setup();
  const onAnswer = vi.fn();
  render(<MarkSold onAnswer={onAnswer} />);
  await user.click(screen.getByRole("button", { name: "Mark Sold" }));
  await user.keyboard("{Escape}");
  expect(onAnswer).toHaveBeenCalledWith(false);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

function DeletePost() {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          confirm({ message: "Delete?", confirmLabel: "Delete", cancelLabel: "Keep", destructive: true })
        }
      >
        Open
      </button>
      {confirmDialog}
    </>
  );
}

it("uses the caller's labels", async () => {
  const user = userEvent.setup();
  render(<DeletePost />);
  await user.click(screen.getByRole("button", { name: "Open" }));
  expect(screen.getByRole("button", { name: "Keep" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
});

function Unmountable({ onAnswer }: { onAnswer: (isConfirmed: boolean) => void }) {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={async () => onAnswer(await confirm({ message: MESSAGE, confirmLabel: "Yes" }))}
      >
        Ask
      </button>
      {confirmDialog}
    </>
  );
}

it("answers no when the screen that asked goes away, so nothing waits for ever", async () => {
  const user = userEvent.setup();
  const onAnswer = vi.fn();
  const { unmount } = render(<Unmountable onAnswer={onAnswer} />);
  await user.click(screen.getByRole("button", { name: "Ask" }));
  unmount();
  await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
});
