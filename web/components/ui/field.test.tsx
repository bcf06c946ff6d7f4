import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { Field, inputClasses, TextField } from "./field";

it("names the control by its label and describes it by its hint", () => {
  render(
    <Field label="Price (₹)" hint="Whole rupees, at least ₹1.">
      {(control) => <input className={inputClasses} {...control} />}
    </Field>,
  );
  const input = screen.getByRole("textbox", { name: "Price (₹)" });
  expect(input).toHaveAccessibleDescription("Whole rupees, at least ₹1.");
  expect(input).not.toHaveAttribute("aria-invalid");
});

it("marks the control invalid and reads the error before the hint", () => {
  render(
    <Field label="Price (₹)" hint="Whole rupees." error="Price must be at least ₹1">
      {(control) => <input {...control} />}
    </Field>,
  );
  const input = screen.getByRole("textbox", { name: "Price (₹)" });
  expect(input).toHaveAttribute("aria-invalid", "true");
  expect(input).toHaveAccessibleDescription("Price must be at least ₹1 Whole rupees.");
  expect(screen.getByText("Price must be at least ₹1")).toBeVisible();
});

it("focuses the control when its label is clicked", async () => {
  const user = userEvent.setup();
  render(<Field label="Description">{(control) => <textarea {...control} />}</Field>);
  await user.click(screen.getByText("Description"));
  expect(screen.getByRole("textbox", { name: "Description" })).toHaveFocus();
});

it("TextField is a labelled input that takes the input's own props and an error", async () => {
  const user = userEvent.setup();
  render(<TextField label="Email" type="email" hint="Your college email." error="Enter a valid email" />);
  const input = screen.getByRole("textbox", { name: "Email" });
  expect(input).toHaveAttribute("type", "email");
  expect(input).toHaveAttribute("aria-invalid", "true");
  expect(input).toHaveAccessibleDescription("Enter a valid email Your college email.");
  await user.type(input, "a@b.in");
  expect(input).toHaveValue("a@b.in");
});
