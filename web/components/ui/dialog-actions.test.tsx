import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { DialogActions, DialogDone } from "./dialog-actions";

it("closes on Cancel, submits its form, and takes no second press while the form is on its way", async () => {
  const onCancel = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const { rerender } = render(
    <form onSubmit={onSubmit}>
      <DialogActions onCancel={onCancel} submitLabel="Send Report" isSubmitting={false} />
    </form>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(onCancel).toHaveBeenCalledTimes(1);
  expect(onSubmit).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole("button", { name: "Send Report" }));
  expect(onSubmit).toHaveBeenCalledTimes(1);

  rerender(
    <form onSubmit={onSubmit}>
      <DialogActions onCancel={onCancel} submitLabel="Sending..." isSubmitting />
    </form>,
  );
  expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
});

it("says the form went through and moves the focus to Close", async () => {
  const onClose = vi.fn();
  render(<DialogDone message="Thanks. Our team will review this." onClose={onClose} />);
  expect(screen.getByRole("status")).toHaveTextContent("Thanks. Our team will review this.");
  const close = screen.getByRole("button", { name: "Close" });
  expect(close).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  expect(onClose).toHaveBeenCalledTimes(1);
});
